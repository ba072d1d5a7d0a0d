package dev.pressroom.kernel.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RedisEndpointsTest {

    @Test
    void withUserWhenPasswordHasUrlCharactersThenEncodedSoTheyDecodeBack() {
        String password = "a+b/c=d@e:f%g h";
        String endpoint = RedisEndpoints.withUser("rediss://redis.example.com:6380/2", "auth-service", password);
        assertThat(endpoint).startsWith("rediss://auth-service:").endsWith("@redis.example.com:6380/2");
        String encoded = endpoint.substring("rediss://auth-service:".length(), endpoint.lastIndexOf('@'));
        assertThat(encoded).doesNotContain("@", ":", "/", "+", " ");
        // The Vert.x client decodes the userinfo with URLDecoder.
        assertThat(URLDecoder.decode(encoded, StandardCharsets.UTF_8)).isEqualTo(password);
    }

    @Test
    void withUserWhenCredentialsAlreadyPresentThenRefusedWithoutShowingThem() {
        assertThatThrownBy(() -> RedisEndpoints.withUser("redis://u:secret@h:6379/0", "a", "b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("secret");
    }
}
