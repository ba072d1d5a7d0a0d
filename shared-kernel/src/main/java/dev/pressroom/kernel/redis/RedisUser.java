package dev.pressroom.kernel.redis;

import io.quarkus.redis.client.RedisOptionsCustomizer;
import io.vertx.redis.client.RedisOptions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signs every Redis connection in as the service's own ACL user ({@code pressroom.redis.user} and
 * {@code pressroom.redis.password}, from REDIS_USER and REDIS_PASSWORD) when one is set. A bean of every service
 * with the Redis client; manifest-service, which has none, excludes it ({@code quarkus.arc.exclude-types}).
 */
@ApplicationScoped
public class RedisUser implements RedisOptionsCustomizer {

    private final Optional<String> user;
    private final Optional<String> password;

    public RedisUser(
            @ConfigProperty(name = "pressroom.redis.user") Optional<String> user,
            @ConfigProperty(name = "pressroom.redis.password") Optional<String> password) {
        this.user = user;
        this.password = password;
    }

    @Override
    public void customize(String clientName, RedisOptions options) {
        user.ifPresent(name -> options.setEndpoints(options.getEndpoints().stream()
                .map(endpoint -> RedisEndpoints.withUser(endpoint, name, password.orElse("")))
                .toList()));
    }
}
