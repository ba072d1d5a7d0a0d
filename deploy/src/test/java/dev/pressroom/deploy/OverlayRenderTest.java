package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class OverlayRenderTest {

    static Stream<String> overlays() {
        return Repo.overlays().stream();
    }

    @Test
    void overlaysWhenListedThenDevAndProdExist() {
        assertThat(Repo.overlays()).contains("dev", "prod");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void renderWhenOverlayBuiltThenEveryObjectParsesStrictlyAsItsKind(String overlay) {
        List<JsonNode> objects = Kustomize.render(overlay);

        assertThat(objects).isNotEmpty();
        List<HasMetadata> parsed = StrictKubernetes.parseAll(objects);
        assertThat(parsed)
                .allSatisfy(object -> assertThat(object.getMetadata().getName()).isNotBlank());
        assertThat(parsed)
                .filteredOn(Deployment.class::isInstance)
                .hasSize(Repo.services().size());
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void renderWhenOverlayBuiltThenEveryNamespacedObjectIsInTheOverlayNamespace(String overlay) {
        List<HasMetadata> objects = StrictKubernetes.parseAll(Kustomize.render(overlay));
        String namespace = objects.stream()
                .filter(o -> o.getKind().equals("Namespace"))
                .map(o -> o.getMetadata().getName())
                .findFirst()
                .orElseThrow();

        assertThat(objects)
                .filteredOn(o -> !o.getKind().equals("Namespace"))
                .allSatisfy(o -> assertThat(o.getMetadata().getNamespace())
                        .as(o.getKind() + " " + o.getMetadata().getName())
                        .isEqualTo(namespace));
    }

    @Test
    void renderWhenProdThenNoSecretValueIsCommitted() {
        assertThat(Kustomize.render("prod"))
                .noneMatch(o -> o.path("kind").asText().equals("Secret"));
    }

    @Test
    void renderWhenProdThenEveryIngressHostIsServedOverTls() {
        Rendered prod = Rendered.of("prod");

        for (Ingress ingress : prod.all(Ingress.class)) {
            List<String> tlsHosts = ingress.getSpec().getTls().stream()
                    .flatMap(tls -> tls.getHosts().stream())
                    .toList();
            assertThat(ingress.getSpec().getRules())
                    .extracting(IngressRule::getHost)
                    .isNotEmpty()
                    .allMatch(tlsHosts::contains);
            assertThat(ingress.getSpec().getTls())
                    .allSatisfy(tls -> assertThat(tls.getSecretName()).isNotBlank());
        }
    }

    @Test
    void parseWhenFieldIsMisspelledThenRefused() throws Exception {
        JsonNode typo = new YAMLMapper().readTree("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: x}
                spec:
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec:
                      contianers: [{name: x, image: x}]
                """);

        assertThatThrownBy(() -> StrictKubernetes.parse(typo))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("contianers");
    }

    @Test
    void parseWhenFieldIsMisplacedInANestedObjectThenRefused() throws Exception {
        JsonNode misplaced = new YAMLMapper().readTree("""
                apiVersion: v1
                kind: Service
                metadata: {name: x}
                spec:
                  ports: [{name: http, port: 80, targetPort: http, containerPort: 80}]
                """);

        assertThatThrownBy(() -> StrictKubernetes.parse(misplaced)).hasMessageContaining("containerPort");
    }

    @Test
    void parseWhenKindHasNoModelThenRefused() throws Exception {
        JsonNode unknown = new YAMLMapper().readTree("{apiVersion: example.com/v1, kind: Widget, metadata: {name: x}}");

        assertThatThrownBy(() -> StrictKubernetes.parse(unknown)).hasMessageContaining("example.com/v1/Widget");
    }
}
