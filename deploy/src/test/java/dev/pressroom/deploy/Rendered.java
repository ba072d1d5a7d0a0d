package dev.pressroom.deploy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** One rendered overlay, typed, with the lookups the wiring checks need. */
record Rendered(String overlay, List<HasMetadata> objects) {

    /** A pod template and the workload that owns it. */
    record Workload(HasMetadata owner, PodTemplateSpec template) {
        String name() {
            return owner.getKind() + "/" + owner.getMetadata().getName();
        }

        List<Container> allContainers() {
            var spec = template.getSpec();
            return Stream.concat(spec.getInitContainers().stream(), spec.getContainers().stream())
                    .toList();
        }
    }

    private static final Map<String, Rendered> PARSED = new java.util.concurrent.ConcurrentHashMap<>();

    /** An overlay rendered and parsed once per test run. */
    static Rendered of(String overlay) {
        return PARSED.computeIfAbsent(
                overlay, name -> new Rendered(name, StrictKubernetes.parseAll(Kustomize.render(name))));
    }

    <T extends HasMetadata> List<T> all(Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    <T extends HasMetadata> Optional<T> named(Class<T> kind, String name) {
        return all(kind).stream()
                .filter(o -> o.getMetadata().getName().equals(name))
                .findFirst();
    }

    List<Workload> workloads() {
        return Stream.of(
                        all(Deployment.class).stream()
                                .map(d -> new Workload(d, d.getSpec().getTemplate())),
                        all(StatefulSet.class).stream()
                                .map(s -> new Workload(s, s.getSpec().getTemplate())),
                        all(Job.class).stream()
                                .map(j -> new Workload(j, j.getSpec().getTemplate())))
                .flatMap(s -> s)
                .toList();
    }

    /** The service's own Deployment, found by the name the generated ConfigMap suffix cannot change. */
    Deployment deployment(String service) {
        return named(Deployment.class, service)
                .orElseThrow(() -> new AssertionError(overlay + ": no Deployment " + service));
    }

    /** The service's own container in its Deployment (named after the service). */
    static Container mainContainer(Deployment deployment, String service) {
        return deployment.getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> c.getName().equals(service))
                .findFirst()
                .orElseThrow(() -> new AssertionError("Deployment " + service + " has no container named " + service));
    }

    /** Label selector semantics, where an empty selector selects every pod. */
    static boolean selects(LabelSelector selector, Map<String, String> labels) {
        boolean byLabels = selector.getMatchLabels() == null
                || labels.entrySet().containsAll(selector.getMatchLabels().entrySet());
        return byLabels
                && selector.getMatchExpressions().stream().allMatch(e -> switch (e.getOperator()) {
                    case "In" -> e.getValues().contains(labels.get(e.getKey()));
                    case "NotIn" -> !e.getValues().contains(labels.get(e.getKey()));
                    case "Exists" -> labels.containsKey(e.getKey());
                    case "DoesNotExist" -> !labels.containsKey(e.getKey());
                    default -> throw new IllegalArgumentException(e.getOperator());
                });
    }

    Set<String> secretKeys(String name) {
        return named(Secret.class, name)
                .map(secret -> {
                    Set<String> keys = new TreeSet<>();
                    if (secret.getData() != null) {
                        keys.addAll(secret.getData().keySet());
                    }
                    if (secret.getStringData() != null) {
                        keys.addAll(secret.getStringData().keySet());
                    }
                    return keys;
                })
                .orElse(Set.of());
    }

    /** The keys of a generated Secret by the name it was generated under, before kustomize adds its hash suffix. */
    Set<String> generatedSecretKeys(String name) {
        return all(Secret.class).stream()
                .map(secret -> secret.getMetadata().getName())
                .filter(actual ->
                        actual.equals(name) || actual.matches(java.util.regex.Pattern.quote(name) + "-[a-z0-9]{10}"))
                .findFirst()
                .map(this::secretKeys)
                .orElse(Set.of());
    }

    Map<String, String> configMapData(String name) {
        return named(ConfigMap.class, name).map(ConfigMap::getData).orElse(Map.of());
    }

    /**
     * The environment a container starts with: literal values and ConfigMap values as they are, Secret values
     * as a {@code <secret name/key>} marker (the tests check wiring, never secret values).
     */
    Map<String, String> environment(Container container) {
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvFromSource from : container.getEnvFrom()) {
            if (from.getConfigMapRef() != null) {
                env.putAll(configMapData(from.getConfigMapRef().getName()));
            }
            if (from.getSecretRef() != null) {
                secretKeys(from.getSecretRef().getName())
                        .forEach(
                                k -> env.put(k, "<secret " + from.getSecretRef().getName() + "/" + k + ">"));
            }
        }
        for (EnvVar var : container.getEnv()) {
            if (var.getValue() != null) {
                env.put(var.getName(), var.getValue());
            } else if (var.getValueFrom() != null && var.getValueFrom().getConfigMapKeyRef() != null) {
                var ref = var.getValueFrom().getConfigMapKeyRef();
                env.put(var.getName(), configMapData(ref.getName()).get(ref.getKey()));
            } else if (var.getValueFrom() != null && var.getValueFrom().getSecretKeyRef() != null) {
                var ref = var.getValueFrom().getSecretKeyRef();
                env.put(var.getName(), "<secret " + ref.getName() + "/" + ref.getKey() + ">");
            }
        }
        return env;
    }
}
