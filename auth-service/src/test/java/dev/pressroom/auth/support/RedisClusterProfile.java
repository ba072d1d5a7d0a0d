package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;

/**
 * auth-service on a three-node Redis Cluster of its own (redis-server --cluster-enabled yes on loopback ports, the
 * 16,384 slots split between the nodes), as on a cluster-mode managed Redis.
 */
public class RedisClusterProfile implements QuarkusTestProfile {

    private static final int SLOTS = 16384;
    private static final String PORTS = "pressroom.test.redis-cluster.ports";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.redis.client-type",
                "cluster",
                "quarkus.redis.hosts",
                ports().stream().map(p -> "redis://127.0.0.1:" + p).collect(Collectors.joining(",")));
    }

    /** The nodes' ports; the cluster is started once per JVM (the profile and the test share system properties). */
    public static synchronized List<Integer> ports() {
        String started = System.getProperty(PORTS);
        if (started == null) {
            started = start().stream().map(String::valueOf).collect(Collectors.joining(","));
            System.setProperty(PORTS, started);
        }
        List<Integer> ports = new ArrayList<>();
        for (String p : started.split(",", -1)) {
            ports.add(Integer.parseInt(p));
        }
        return ports;
    }

    private static List<Integer> start() {
        List<Integer> ports = new ArrayList<>();
        for (int node = 0; node < 3; node++) {
            ports.add(RedisServers.start(
                    "cluster-" + node,
                    List.of(
                            "--cluster-enabled",
                            "yes",
                            "--cluster-config-file",
                            "nodes.conf",
                            "--cluster-node-timeout",
                            "2000")));
        }
        for (int node = 0; node < 3; node++) {
            List<String> addSlots = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
            for (int slot = node * SLOTS / 3; slot < (node + 1) * SLOTS / 3; slot++) {
                addSlots.add(Integer.toString(slot));
            }
            expect("+OK", RedisServers.call(ports.get(node), addSlots.toArray(String[]::new)));
        }
        for (int node = 1; node < 3; node++) {
            expect(
                    "+OK",
                    RedisServers.call(ports.get(0), "CLUSTER", "MEET", "127.0.0.1", Integer.toString(ports.get(node))));
        }
        awaitClusterOk(ports);
        return ports;
    }

    private static void awaitClusterOk(List<Integer> ports) {
        Awaitility.await("the test Redis Cluster to reach cluster_state:ok")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> ports.stream()
                        .allMatch(p -> RedisServers.call(p, "CLUSTER", "INFO").contains("cluster_state:ok")));
    }

    private static void expect(String expected, String reply) {
        if (!expected.equals(reply)) {
            throw new IllegalStateException("Redis answered " + reply);
        }
    }
}
