package dev.pressroom.deploy;

import static dev.pressroom.deploy.Rendered.mainContainer;
import static dev.pressroom.deploy.Rendered.selects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.openshift.api.model.monitoring.v1.PodMetricsEndpoint;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import io.fabric8.openshift.api.model.monitoring.v1.Rule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * components/monitoring as the prod overlay renders it: Prometheus scrapes each service's management port and nothing
 * else, every alert and dashboard query is well-formed PromQL over metrics the services publish, and traces reach a
 * collector the NetworkPolicies let the pods talk to.
 */
class MonitoringTest {

    private enum Type {
        COUNTER,
        GAUGE,
        TIMER,
        SUMMARY
    }

    /** A Micrometer meter and the service that publishes it. */
    private record Meter(String service, String name, Type type, String baseUnit) {

        Meter(String service, String name, Type type) {
            this(service, name, type, type == Type.TIMER ? "seconds" : null);
        }

        /** The series Micrometer's Prometheus registry writes: dots become underscores, then unit and type suffixes. */
        List<String> prometheusNames() {
            String base = name.replace('.', '_') + (baseUnit == null ? "" : "_" + baseUnit);
            return switch (type) {
                case COUNTER -> List.of(base + "_total");
                case GAUGE -> List.of(base);
                case TIMER, SUMMARY -> List.of(base + "_count", base + "_sum", base + "_max");
            };
        }
    }

    /** The meters the team agreed on (the services' READMEs, Observability), plus content-service's PostgreSQL pool. */
    private static final List<Meter> METERS = List.of(
            new Meter("manifest-service", "pressroom.manifest.validations", Type.COUNTER),
            new Meter("manifest-service", "pressroom.manifest.findings", Type.COUNTER),
            new Meter("manifest-service", "pressroom.manifest.request.body", Type.SUMMARY, "bytes"),
            new Meter("content-service", "pressroom.content.cache.requests", Type.COUNTER),
            new Meter("content-service", "pressroom.content.cache.evictions", Type.COUNTER),
            new Meter("content-service", "pressroom.content.cache.entries", Type.GAUGE),
            new Meter("content-service", "pressroom.content.not.modified", Type.COUNTER),
            new Meter("content-service", "pressroom.content.rate.limit.decisions", Type.COUNTER),
            new Meter("content-service", "pressroom.content.rate.limiter.fallback", Type.GAUGE),
            new Meter("content-service", "pressroom.content.change.listener.reconnects", Type.COUNTER),
            // The reactive PostgreSQL pool, from Quarkus's Vert.x binder (pool_type="sql"; content-service's
            // PoolMetricsResourceTest scrapes them).
            new Meter("content-service", "sql.pool.active", Type.GAUGE),
            new Meter("content-service", "sql.pool.queue.size", Type.GAUGE),
            new Meter("content-service", "sql.pool.queue.delay", Type.TIMER),
            new Meter("auth-service", "pressroom.auth.sign.ins", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.hash.queue.depth", Type.GAUGE),
            new Meter("auth-service", "pressroom.auth.hash.wait", Type.TIMER),
            new Meter("auth-service", "pressroom.auth.tokens.issued", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.refresh.reuse.detected", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.code.replays", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.revocations", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.registrations", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.consents", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.datastore.errors", Type.COUNTER),
            new Meter("auth-service", "pressroom.auth.signing.key.age", Type.GAUGE, "seconds"),
            new Meter("auth-service", "pressroom.auth.signing.key.info", Type.GAUGE),
            new Meter("auth-service", "pressroom.auth.audit.events", Type.COUNTER));

    /**
     * Every series a query may use: the agreed meters, every service's HTTP histogram (kernel/observe), Prometheus's
     * own {@code up}, and from kube-state-metrics (kube-prometheus-stack) the Deployments' unavailable replicas.
     * JVM series (jvm_*) are allowed by prefix: Micrometer's JVM binders, which differ a little between JVM and native.
     */
    private static final Set<String> KNOWN = Stream.of(
                    METERS.stream().flatMap(m -> m.prometheusNames().stream()),
                    Stream.of(
                            "http_server_requests_seconds_count",
                            "http_server_requests_seconds_sum",
                            "http_server_requests_seconds_max",
                            "http_server_requests_seconds_bucket",
                            "up",
                            "kube_deployment_status_replicas_unavailable"))
            .flatMap(s -> s)
            .collect(Collectors.toUnmodifiableSet());

    private static final Path COMPONENT = Repo.DEPLOY.resolve("components/monitoring");
    private static final Set<String> SEVERITIES = Set.of("critical", "warning", "info");
    private static final ObjectMapper STRICT_JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static boolean known(String metric) {
        return KNOWN.contains(metric) || metric.startsWith("jvm_");
    }

    @Test
    void podMonitorWhenProdThenEveryServiceIsScrapedOnItsManagementPortAtItsMetricsPath() {
        Rendered prod = Rendered.of("prod");

        for (String service : Repo.services()) {
            Deployment deployment = prod.deployment(service);
            Map<String, String> pod =
                    deployment.getSpec().getTemplate().getMetadata().getLabels();
            Container container = mainContainer(deployment, service);
            Map<String, String> env = prod.environment(container);
            QuarkusConfig config = Repo.config(service);
            String management = WiringTest.managementPortName(container, config, env);

            List<PodMonitor> monitors = prod.all(PodMonitor.class).stream()
                    .filter(m -> selects(m.getSpec().getSelector(), pod))
                    .toList();
            assertThat(monitors).as("PodMonitors scraping %s", service).hasSize(1);
            PodMonitor monitor = monitors.get(0);
            assertThat(pod.get(monitor.getSpec().getJobLabel()))
                    .as("%s: its job label", service)
                    .isEqualTo(service);
            assertThat(monitor.getSpec().getPodMetricsEndpoints())
                    .as("%s: endpoints", service)
                    .isNotEmpty()
                    .allSatisfy(endpoint -> {
                        assertThat(endpoint.getPort())
                                .as("%s: scraped port", service)
                                .isEqualTo(management)
                                .isNotEqualTo("http");
                        assertThat(endpoint.getTargetPort()).isNull();
                        assertThat(endpoint.getPortNumber()).isNull();
                        assertThat(endpoint.getPath())
                                .isEqualTo(config.metricsPath(env))
                                .isEqualTo("/q/metrics");
                    });
        }
    }

    @Test
    void podMonitorWhenProdThenSelectsTheServerPodsOfOneDeploymentOnly() {
        Rendered prod = Rendered.of("prod");

        assertThat(prod.all(PodMonitor.class)).hasSameSizeAs(Repo.services()).allSatisfy(monitor -> {
            // The migration Jobs' pods share app.kubernetes.io/name: they must not become targets that vanish.
            assertThat(prod.workloads())
                    .filteredOn(w -> selects(
                            monitor.getSpec().getSelector(),
                            w.template().getMetadata().getLabels()))
                    .as("workloads PodMonitor %s selects", monitor.getMetadata().getName())
                    .singleElement()
                    .satisfies(w -> assertThat(w.owner()).isInstanceOf(Deployment.class));
            assertThat(monitor.getSpec().getNamespaceSelector())
                    .as("scrapes its own namespace only")
                    .isNull();
        });
    }

    @Test
    void podMonitorWhenProdThenNoServiceLeadsToAScrapedPort() {
        Rendered prod = Rendered.of("prod");
        Set<String> scraped = prod.all(PodMonitor.class).stream()
                .flatMap(m -> m.getSpec().getPodMetricsEndpoints().stream())
                .map(PodMetricsEndpoint::getPort)
                .collect(Collectors.toSet());

        // Without a Service on the port, neither the Ingress nor anything else routed by name can reach the metrics.
        assertThat(prod.all(Service.class))
                .flatExtracting(s -> s.getSpec().getPorts())
                .extracting(p -> p.getTargetPort().getStrVal())
                .doesNotContainAnyElementsOf(scraped);
    }

    @Test
    void parseWhenPodMonitorFieldIsMisspelledThenRefused() throws IOException {
        JsonNode typo = new YAMLMapper().readTree("""
                apiVersion: monitoring.coreos.com/v1
                kind: PodMonitor
                metadata: {name: x}
                spec:
                  selector: {matchLabels: {a: b}}
                  podMetricsEndpoints: [{prot: management, path: /q/metrics}]
                """);

        assertThatThrownBy(() -> StrictKubernetes.parse(typo)).hasMessageContaining("prot");
    }

    @Test
    void alertWhenProdThenEachHasASeverityAnExplanationAndAnExpressionOverKnownMetrics() {
        List<Rule> alerts = alerts(Rendered.of("prod"));

        assertThat(alerts).isNotEmpty();
        assertThat(alerts)
                .extracting(Rule::getAlert)
                .doesNotHaveDuplicates()
                .allMatch(name -> name.matches("Pressroom[A-Z][A-Za-z0-9]+"));
        for (Rule alert : alerts) {
            String name = alert.getAlert();
            assertThat(alert.getRecord()).as(name).isNull();
            assertThat(alert.getLabels()).as("%s: labels", name).containsKey("severity");
            assertThat(alert.getLabels().get("severity"))
                    .as("%s: severity", name)
                    .isIn(SEVERITIES);
            assertThat(alert.getAnnotations())
                    .as("%s: annotations", name)
                    .containsKeys("summary", "description", "runbook")
                    .allSatisfy((key, text) ->
                            assertThat(text).as("%s: %s", name, key).isNotBlank());
            if (alert.getFor() != null) {
                assertThat(alert.getFor()).as("%s: for", name).matches("(\\d+(ms|s|m|h|d|w|y))+");
            }
            assertThat(alert.getExpr().getStrVal()).as("%s: expr", name).isNotBlank();
            PromQl expr = PromQl.parse(alert.getExpr().getStrVal());
            assertThat(expr.metrics()).as("%s: metrics", name).isNotEmpty().allMatch(MonitoringTest::known);
        }
    }

    @Test
    void alertWhenProdThenSelectsOnlyJobsThePodMonitorsProduce() {
        Rendered prod = Rendered.of("prod");
        Set<String> jobs = podMonitorJobs(prod);

        for (Rule alert : alerts(prod)) {
            assertThat(jobs(PromQl.parse(alert.getExpr().getStrVal())))
                    .as("%s: jobs", alert.getAlert())
                    .isSubsetOf(jobs);
        }
    }

    @Test
    void alertWhenProdThenEveryServiceHasAServerErrorRatioAndALatencyAlert() {
        List<Rule> alerts = alerts(Rendered.of("prod"));

        for (String service : Repo.services()) {
            assertThat(alerts).as("%s: 5xx ratio alert", service).anyMatch(alert -> {
                PromQl expr = PromQl.parse(alert.getExpr().getStrVal());
                return jobs(expr).contains(service)
                        && expr.metrics().contains("http_server_requests_seconds_count")
                        && expr.matchers().contains(new PromQl.Matcher("status", "=~", "5.."));
            });
            assertThat(alerts).as("%s: p99 alert", service).anyMatch(alert -> {
                PromQl expr = PromQl.parse(alert.getExpr().getStrVal());
                return jobs(expr).contains(service)
                        && expr.metrics().contains("http_server_requests_seconds_bucket")
                        && alert.getExpr().getStrVal().contains("histogram_quantile(0.99,");
            });
        }
    }

    @Test
    void alertWhenProdThenRedisTheRateLimiterFallbackAndSignInFailuresAreWatched() {
        List<Rule> alerts = alerts(Rendered.of("prod"));

        assertThat(alerts).as("auth-service Redis errors").anySatisfy(alert -> {
            PromQl expr = PromQl.parse(alert.getExpr().getStrVal());
            assertThat(expr.metrics()).contains("pressroom_auth_datastore_errors_total");
            assertThat(expr.matchers()).contains(new PromQl.Matcher("datastore", "=", "redis"));
            assertThat(alert.getLabels()).containsEntry("severity", "critical");
        });
        assertThat(alerts)
                .as("content rate limiter in local fallback for 5 minutes")
                .anySatisfy(alert -> {
                    assertThat(PromQl.parse(alert.getExpr().getStrVal()).metrics())
                            .containsExactly("pressroom_content_rate_limiter_fallback");
                    assertThat(alert.getExpr().getStrVal()).endsWith("== 1");
                    assertThat(alert.getFor()).isEqualTo("5m");
                });
        assertThat(alerts).as("failed sign-ins against successful ones").anySatisfy(alert -> {
            PromQl expr = PromQl.parse(alert.getExpr().getStrVal());
            assertThat(expr.metrics()).containsExactly("pressroom_auth_sign_ins_total");
            assertThat(expr.matchers())
                    .contains(
                            new PromQl.Matcher("outcome", "=", "success"),
                            new PromQl.Matcher("outcome", "=~", "wrong_password|locked|throttled"));
        });
    }

    @Test
    void dashboardWhenProdThenEveryServiceHasOneChartingEachOfItsMetrics() {
        Rendered prod = Rendered.of("prod");
        Map<String, JsonNode> dashboards = dashboards(prod);
        Set<String> jobs = podMonitorJobs(prod);

        assertThat(dashboards.values())
                .extracting(d -> d.path("uid").asText())
                .doesNotHaveDuplicates()
                .allMatch(uid -> !uid.isBlank());
        for (String service : Repo.services()) {
            List<JsonNode> own = dashboards.values().stream()
                    .filter(d -> dashboardJobs(d).equals(Set.of(service)))
                    .toList();
            assertThat(own).as("dashboards of %s alone", service).hasSize(1);
            Set<String> charted = panels(own.get(0))
                    .flatMap(MonitoringTest::queries)
                    .flatMap(q -> PromQl.parse(q).metrics().stream())
                    .collect(Collectors.toSet());

            assertThat(charted)
                    .as("%s: RED panels", service)
                    .contains("http_server_requests_seconds_count", "http_server_requests_seconds_bucket");
            assertThat(charted)
                    .as("%s: JVM panels", service)
                    .anyMatch(m -> m.startsWith("jvm_memory_"))
                    .anyMatch(m -> m.startsWith("jvm_gc_pause_"));
            for (Meter meter :
                    METERS.stream().filter(m -> m.service().equals(service)).toList()) {
                assertThat(meter.prometheusNames())
                        .as("%s: a panel charts %s", service, meter.name())
                        .anyMatch(charted::contains);
            }
        }
        assertThat(dashboards.values())
                .flatExtracting(MonitoringTest::dashboardJobs)
                .isSubsetOf(jobs);
    }

    @Test
    void dashboardWhenProdThenEveryPanelIsPlacedAndQueriesKnownMetricsThroughTheDatasourceVariable() {
        for (Map.Entry<String, JsonNode> dashboard :
                dashboards(Rendered.of("prod")).entrySet()) {
            JsonNode json = dashboard.getValue();
            assertThat(json.path("title").asText()).as(dashboard.getKey()).isNotBlank();
            assertThat(json.path("templating").path("list").findValuesAsText("name"))
                    .as(dashboard.getKey())
                    .contains("datasource", "namespace", "pod");
            assertThat(panels(json).toList())
                    .as(dashboard.getKey())
                    .isNotEmpty()
                    .allSatisfy(panel -> {
                        String where = dashboard.getKey() + " panel "
                                + panel.path("title").asText();
                        assertThat(panel.path("title").asText()).as(where).isNotBlank();
                        assertThat(panel.path("gridPos").path("w").isInt()
                                        && panel.path("gridPos").path("h").isInt())
                                .as(where)
                                .isTrue();
                        if (panel.path("type").asText().equals("row")) {
                            assertThat(panel.path("targets").isMissingNode())
                                    .as(where)
                                    .isTrue();
                            return;
                        }
                        assertThat(panel.path("datasource").path("uid").asText())
                                .as(where)
                                .isEqualTo("${datasource}");
                        assertThat(queries(panel).toList())
                                .as(where)
                                .isNotEmpty()
                                .allSatisfy(query -> {
                                    PromQl expr = PromQl.parse(query);
                                    assertThat(expr.metrics())
                                            .as(where + ": " + query)
                                            .isNotEmpty()
                                            .allMatch(MonitoringTest::known);
                                    assertThat(expr.matchers())
                                            .as(where + ": scoped to the chosen namespace")
                                            .contains(new PromQl.Matcher("namespace", "=", "$namespace"));
                                });
                    });
        }
    }

    @Test
    void dashboardWhenAFileIsAddedThenTheComponentShipsIt() throws IOException {
        Set<String> shipped = dashboards(Rendered.of("prod")).keySet();

        try (Stream<Path> files = Files.list(COMPONENT.resolve("dashboards"))) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .isNotEmpty()
                    .allSatisfy(file -> assertThat(shipped).contains(file));
        }
    }

    @Test
    void tracingWhenProdThenEveryServiceExportsToACollectorItsNetworkPolicyAdmits() {
        Rendered prod = Rendered.of("prod");

        for (String service : Repo.services()) {
            Deployment deployment = prod.deployment(service);
            Map<String, String> env = prod.environment(mainContainer(deployment, service));
            String endpoint = Repo.config(service).resolve("pressroom.tracing.endpoint", "", env);
            URI collector = URI.create(endpoint);
            // <service>.<namespace>[.svc.cluster.local]: an in-cluster collector.
            String[] host = collector.getHost().split("\\.");
            Map<String, String> pod =
                    deployment.getSpec().getTemplate().getMetadata().getLabels();

            assertThat(endpoint).as(service).isEqualTo(env.get("OTEL_EXPORTER_OTLP_ENDPOINT"));
            assertThat(collector.getScheme()).as(service).isEqualTo("http");
            assertThat(host).as("%s: collector host", service).hasSizeGreaterThanOrEqualTo(2);
            assertThat(Double.parseDouble(env.get("OTEL_TRACES_SAMPLER_ARG")))
                    .as(service)
                    .isGreaterThan(0)
                    .isLessThanOrEqualTo(1);
            assertThat(prod.all(NetworkPolicy.class))
                    .as("%s: egress to the collector in namespace %s port %d", service, host[1], collector.getPort())
                    .anyMatch(policy -> selects(policy.getSpec().getPodSelector(), pod)
                            && policy.getSpec().getEgress().stream()
                                    .anyMatch(rule -> rule.getTo().stream()
                                                    .anyMatch(peer -> peer.getPodSelector() == null
                                                            && peer.getNamespaceSelector() != null
                                                            && Map.of("kubernetes.io/metadata.name", host[1])
                                                                    .equals(peer.getNamespaceSelector()
                                                                            .getMatchLabels()))
                                            && rule.getPorts().stream()
                                                    .anyMatch(port -> Integer.valueOf(collector.getPort())
                                                            .equals(port.getPort()
                                                                    .getIntVal()))));
        }
    }

    @Test
    void tracingWhenDevThenNoEndpointSoNothingIsRecorded() {
        Rendered dev = Rendered.of("dev");

        for (String service : Repo.services()) {
            Map<String, String> env = dev.environment(mainContainer(dev.deployment(service), service));
            assertThat(env).as(service).containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "");
            assertThat(Repo.config(service).resolve("pressroom.tracing.endpoint", "", env))
                    .as(service)
                    .isEmpty();
        }
    }

    @Test
    void networkPolicyWhenRenderedThenPrometheusAndTheCollectorAreInTheOneConfiguredNamespace() throws IOException {
        String configured = new YAMLMapper()
                .readTree(Repo.DEPLOY
                        .resolve("components/network-policies/monitoring-namespace.yaml")
                        .toFile())
                .path("data")
                .path("name")
                .asText();

        assertThat(configured).isNotBlank();
        for (String overlay : Repo.overlays()) {
            Rendered rendered = Rendered.of(overlay);
            NetworkPolicy prometheus =
                    rendered.named(NetworkPolicy.class, "allow-prometheus").orElseThrow();
            NetworkPolicy otlp =
                    rendered.named(NetworkPolicy.class, "allow-otlp-export").orElseThrow();

            assertThat(prometheus.getSpec().getIngress())
                    .flatExtracting(rule -> rule.getFrom())
                    .extracting(
                            peer -> peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"))
                    .as("%s: Prometheus's namespace", overlay)
                    .containsOnly(configured);
            assertThat(otlp.getSpec().getEgress())
                    .flatExtracting(rule -> rule.getTo())
                    .extracting(
                            peer -> peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"))
                    .as("%s: the collector's namespace", overlay)
                    .containsOnly(configured);
            assertThat(rendered.all(ConfigMap.class))
                    .extracting(c -> c.getMetadata().getName())
                    .as("%s: local-config stays out of the cluster", overlay)
                    .doesNotContain("monitoring-namespace");
        }
    }

    @Test
    void monitoringWhenDevThenOffAndTheReadmeSaysHowToAddIt() {
        assertThat(Rendered.of("dev").all(PodMonitor.class)).isEmpty();
        assertThat(Repo.read(Repo.DEPLOY.resolve("README.md")))
                .contains("## Monitoring", "../../components/monitoring");
    }

    private static List<Rule> alerts(Rendered rendered) {
        List<Rule> rules = rendered.all(PrometheusRule.class).stream()
                .flatMap(r -> r.getSpec().getGroups().stream())
                .flatMap(g -> g.getRules().stream())
                .toList();
        assertThat(rules)
                .allSatisfy(rule ->
                        assertThat(rule.getAlert()).as("every rule is an alert").isNotBlank());
        return rules;
    }

    /** The job label values the PodMonitors give their targets: each selected pod's value of the monitor's jobLabel. */
    private static Set<String> podMonitorJobs(Rendered rendered) {
        return rendered.all(PodMonitor.class).stream()
                .flatMap(monitor -> rendered.workloads().stream()
                        .map(w -> w.template().getMetadata().getLabels())
                        .filter(labels -> selects(monitor.getSpec().getSelector(), labels))
                        .map(labels -> labels.get(monitor.getSpec().getJobLabel())))
                .collect(Collectors.toSet());
    }

    /** The jobs an expression selects: job="a" names a, job=~"a|b" names a and b. */
    private static Set<String> jobs(PromQl expr) {
        return expr.matchers().stream()
                .filter(m -> m.label().equals("job"))
                .flatMap(m -> switch (m.operator()) {
                    case "=" -> Stream.of(m.value());
                    case "=~" -> Stream.of(m.value().split("\\|"));
                    default -> throw new AssertionError("select jobs positively, not with " + m);
                })
                .collect(Collectors.toSet());
    }

    private static Set<String> dashboardJobs(JsonNode dashboard) {
        return panels(dashboard)
                .flatMap(MonitoringTest::queries)
                .flatMap(q -> jobs(PromQl.parse(q)).stream())
                .collect(Collectors.toSet());
    }

    /** The dashboards the Grafana sidecar would load, by file name, each parsed strictly. */
    private static Map<String, JsonNode> dashboards(Rendered rendered) {
        Map<String, JsonNode> dashboards = new LinkedHashMap<>();
        for (ConfigMap map : rendered.all(ConfigMap.class)) {
            Map<String, String> labels = map.getMetadata().getLabels();
            if (labels == null || !"1".equals(labels.get("grafana_dashboard"))) {
                continue;
            }
            map.getData().forEach((file, json) -> {
                try {
                    assertThat(dashboards.put(file, STRICT_JSON.readTree(json)))
                            .as("dashboard file %s shipped twice", file)
                            .isNull();
                } catch (IOException e) {
                    throw new UncheckedIOException("dashboard " + file + " is not valid JSON", e);
                }
            });
        }
        return dashboards;
    }

    /** Every panel, rows' nested panels included. */
    private static Stream<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> panels = new ArrayList<>();
        dashboard.path("panels").forEach(panel -> {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        });
        return panels.stream();
    }

    private static Stream<String> queries(JsonNode panel) {
        List<String> queries = new ArrayList<>();
        panel.path("targets").forEach(target -> queries.add(target.path("expr").asText()));
        return queries.stream();
    }
}
