package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** scripts/pod-sizing.sh, which make run starts each service with, says what the service's Deployment says. */
class PodSizingTest {

    private static final String EVENT_LOOPS = "QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE";

    @Test
    void podSizingWhenPrintedThenJvmFlagsAreTheDeploymentsWithItsMemoryLimitAsTheMachines() throws IOException {
        for (String service : Repo.services()) {
            Map<String, String> sizing = podSizing(service);
            Map<String, String> config = envLines(Repo.read(base(service).resolve("config.env")));

            assertThat(sizing.get("JDK_JAVA_OPTIONS"))
                    .as(service)
                    .isEqualTo(config.get("JDK_JAVA_OPTIONS") + " -XX:MaxRAM=" + memoryLimitMebibytes(service) + "m");
            sizing.forEach((name, value) -> {
                if (!name.equals("JDK_JAVA_OPTIONS")) {
                    assertThat(value).as(service + " " + name).isEqualTo(config.get(name));
                }
            });
            if (config.containsKey("MALLOC_ARENA_MAX")) {
                assertThat(sizing).as(service).containsEntry("MALLOC_ARENA_MAX", config.get("MALLOC_ARENA_MAX"));
            }
        }
    }

    /**
     * Quarkus's default follows the CPUs the JVM sees, the whole node's without a CPU limit: every service names its
     * own number, which make run and the benches use too.
     */
    @Test
    void eventLoopsWhenDeployedThenTheServicesOwnNumberNotTheNodes() throws IOException {
        for (String service : Repo.services()) {
            assertThat(podSizing(service).get(EVENT_LOOPS))
                    .as(service)
                    .isNotNull()
                    .matches("[1-9][0-9]*");
        }
    }

    /**
     * The JVM picks its collector from the memory and CPUs it sees: serial in a pod limited to 512 MiB, G1 on a
     * machine with more. -XX:MaxRAM, which stands for the pod's limit in make run and the benches, does not change
     * that choice, so a collector left to the JVM is not the one the pod runs.
     */
    @Test
    void collectorWhenDeployedThenNamedNotLeftToTheMachine() throws IOException {
        for (String service : Repo.services()) {
            assertThat(podSizing(service).get("JDK_JAVA_OPTIONS"))
                    .as(service)
                    .containsPattern("(^| )-XX:\\+Use(Serial|Parallel|G1|Z|Shenandoah)GC( |$)");
        }
    }

    private static Map<String, String> podSizing(String service) throws IOException {
        return envLines(Repo.run(
                List.of("bash", Repo.ROOT.resolve("scripts/pod-sizing.sh").toString(), service)));
    }

    private static long memoryLimitMebibytes(String service) throws IOException {
        Deployment deployment = new YAMLMapper()
                .readValue(base(service).resolve("deployment.yaml").toFile(), Deployment.class);
        Quantity limit = Rendered.mainContainer(deployment, service)
                .getResources()
                .getLimits()
                .get("memory");
        return Quantity.getAmountInBytes(limit)
                .divide(BigDecimal.valueOf(1024 * 1024))
                .longValueExact();
    }

    private static Path base(String service) {
        return Repo.DEPLOY.resolve("base").resolve(service);
    }

    private static Map<String, String> envLines(String text) {
        return text.lines()
                .filter(line -> line.matches("[A-Z_]+=.*"))
                .map(line -> line.split("=", 2))
                .collect(Collectors.toMap(kv -> kv[0], kv -> kv[1]));
    }
}
