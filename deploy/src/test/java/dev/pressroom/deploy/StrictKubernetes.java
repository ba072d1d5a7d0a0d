package dev.pressroom.deploy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import java.util.List;
import java.util.Map;

/**
 * Parses rendered objects as their Kubernetes kind and refuses any field the kind does not have. The fabric8
 * model keeps unknown fields in an "additionalProperties" map; with any-setters switched off, Jackson's
 * FAIL_ON_UNKNOWN_PROPERTIES sees them and fails, so a typo such as {@code contianers} cannot pass.
 */
final class StrictKubernetes {

    static final Map<String, Class<? extends HasMetadata>> KINDS = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Secret", Secret.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", StatefulSet.class),
            Map.entry("batch/v1/Job", Job.class),
            Map.entry("networking.k8s.io/v1/Ingress", Ingress.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
            // The Prometheus Operator's kinds (components/monitoring), as fabric8 models its CRDs.
            Map.entry("monitoring.coreos.com/v1/PodMonitor", PodMonitor.class),
            Map.entry("monitoring.coreos.com/v1/PrometheusRule", PrometheusRule.class));

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .setAnnotationIntrospector(new JacksonAnnotationIntrospector() {
                @Override
                public Boolean hasAnySetter(Annotated annotated) {
                    return Boolean.FALSE;
                }
            });

    private StrictKubernetes() {}

    static HasMetadata parse(JsonNode object) {
        String type =
                object.path("apiVersion").asText() + "/" + object.path("kind").asText();
        Class<? extends HasMetadata> kind = KINDS.get(type);
        if (kind == null) {
            throw new IllegalArgumentException("no strict model for " + type + " (add it to StrictKubernetes.KINDS)");
        }
        try {
            return MAPPER.treeToValue(object, kind);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(
                    type + " " + object.path("metadata").path("name").asText() + " does not parse: "
                            + e.getOriginalMessage(),
                    e);
        }
    }

    static List<HasMetadata> parseAll(List<JsonNode> objects) {
        return objects.stream().map(StrictKubernetes::parse).toList();
    }
}
