package dev.pressroom.deploy;

import static dev.pressroom.deploy.Rendered.mainContainer;
import static dev.pressroom.deploy.Rendered.selects;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The rendered overlays are wired together: every name, port, path, key and image one object uses exists. */
class WiringTest {

    /** RFC 1918 and unique local IPv6 (RFC 4193): where cluster pods live, never a client on the internet. */
    private static final List<String> PRIVATE_RANGES =
            List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7");

    static Stream<String> overlays() {
        return Repo.overlays().stream();
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void serviceWhenRenderedThenSelectsExactlyOneWorkloadAndTargetsANamedContainerPort(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (Service service : rendered.all(Service.class)) {
            Map<String, String> selector = service.getSpec().getSelector();
            List<Rendered.Workload> selected = rendered.workloads().stream()
                    .filter(w -> matches(selector, w.template().getMetadata().getLabels()))
                    .toList();
            assertThat(selected)
                    .as("%s: pods selected by Service %s", overlay, name(service))
                    .extracting(Rendered.Workload::name)
                    .hasSize(1)
                    .noneMatch(n -> n.startsWith("Job/"));
            List<String> portNames = selected.get(0).template().getSpec().getContainers().stream()
                    .flatMap(c -> c.getPorts().stream())
                    .map(ContainerPort::getName)
                    .toList();
            for (ServicePort port : service.getSpec().getPorts()) {
                assertThat(port.getTargetPort().getStrVal())
                        .as("%s: Service %s targets a named port", overlay, name(service))
                        .isNotNull()
                        .isIn(portNames);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void ingressWhenRenderedThenEveryBackendNamesAnExistingServiceAndPort(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (HTTPIngressPath path : ingressPaths(rendered)) {
            var backend = path.getBackend().getService();
            Optional<Service> service = rendered.named(Service.class, backend.getName());
            assertThat(service)
                    .as("%s: Service of ingress path %s", overlay, path.getPath())
                    .isPresent();
            assertThat(service.get().getSpec().getPorts())
                    .extracting(ServicePort::getName)
                    .as("%s: port of ingress path %s", overlay, path.getPath())
                    .contains(backend.getPort().getName());
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void ingressWhenRenderedThenBodyLimitAdmitsTheLargestBodyEachRoutedServiceAccepts(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        Ingress ingress = rendered.all(Ingress.class).get(0);
        long ingressLimit =
                bytes(ingress.getMetadata().getAnnotations().get("nginx.ingress.kubernetes.io/proxy-body-size"));

        for (HTTPIngressPath path : ingressPaths(rendered)) {
            String service = path.getBackend().getService().getName();
            Map<String, String> env = rendered.environment(mainContainer(rendered.deployment(service), service));
            // Quarkus's default limit is 10240K.
            long serviceLimit = bytes(Repo.config(service).resolve("quarkus.http.limits.max-body-size", "10240K", env));

            assertThat(ingressLimit)
                    .as("%s: ingress body limit for %s", overlay, service)
                    .isGreaterThanOrEqualTo(serviceLimit);
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void probeWhenRenderedThenCallsTheHealthCheckTheServiceServesOnItsPort(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            assertThat(Repo.read(Repo.ROOT.resolve(service).resolve("pom.xml"))).contains("quarkus-smallrye-health");
            Container container = mainContainer(rendered.deployment(service), service);
            Map<String, String> env = rendered.environment(container);
            QuarkusConfig config = Repo.config(service);

            assertThat(portNumber(container, "http"))
                    .as("%s: %s listens where its http port says", overlay, service)
                    .isEqualTo(config.httpPort(env));
            assertProbe(
                    container, container.getReadinessProbe(), config.healthPath("ready", env), config.healthPort(env));
            assertProbe(
                    container, container.getLivenessProbe(), config.healthPath("live", env), config.healthPort(env));
            assertProbe(
                    container, container.getStartupProbe(), config.healthPath("started", env), config.healthPort(env));
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void managementPortWhenRenderedThenNoServiceExposesIt(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            Container container = mainContainer(rendered.deployment(service), service);
            String managementName =
                    managementPortName(container, Repo.config(service), rendered.environment(container));
            // Metrics are scraped from the pods (components/monitoring: PodMonitors), so the ingress can never reach
            // them.
            assertThat(rendered.all(Service.class))
                    .flatExtracting(s -> s.getSpec().getPorts())
                    .extracting(p -> p.getTargetPort().getStrVal())
                    .doesNotContain(managementName);
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void configurationWhenRenderedThenEveryConfigMapAndSecretKeyAContainerReadsExists(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        Rendered secretsSource = overlay.equals("dev") ? rendered : Rendered.of("dev");
        List<String> problems = new ArrayList<>();

        for (Rendered.Workload workload : rendered.workloads()) {
            for (Container c : workload.allContainers()) {
                String where = overlay + " " + workload.name() + " container " + c.getName();
                for (EnvFromSource from : c.getEnvFrom()) {
                    if (from.getConfigMapRef() != null
                            && rendered.configMapData(from.getConfigMapRef().getName())
                                    .isEmpty()) {
                        problems.add(where + ": no ConfigMap "
                                + from.getConfigMapRef().getName());
                    }
                    if (from.getSecretRef() != null) {
                        requireSecret(
                                rendered, secretsSource, from.getSecretRef().getName(), null, where, problems);
                    }
                }
                for (EnvVar var : c.getEnv()) {
                    if (var.getValueFrom() == null) {
                        continue;
                    }
                    var cm = var.getValueFrom().getConfigMapKeyRef();
                    if (cm != null && !rendered.configMapData(cm.getName()).containsKey(cm.getKey())) {
                        problems.add(where + ": " + var.getName() + " reads missing ConfigMap key " + cm.getName() + "/"
                                + cm.getKey());
                    }
                    var secret = var.getValueFrom().getSecretKeyRef();
                    if (secret != null) {
                        requireSecret(rendered, secretsSource, secret.getName(), secret.getKey(), where, problems);
                    }
                }
            }
            for (Volume volume : workload.template().getSpec().getVolumes()) {
                String where = overlay + " " + workload.name() + " volume " + volume.getName();
                if (volume.getConfigMap() != null
                        && rendered.configMapData(volume.getConfigMap().getName())
                                .isEmpty()) {
                    problems.add(
                            where + ": no ConfigMap " + volume.getConfigMap().getName());
                }
                if (volume.getSecret() != null) {
                    requireSecret(rendered, secretsSource, volume.getSecret().getSecretName(), null, where, problems);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void imageWhenRenderedThenEveryServiceImageIsOneImagesShBuildsAndOthersArePinned(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        List<String> built = Repo.builtImages();

        for (Rendered.Workload workload : rendered.workloads()) {
            for (Container c : workload.allContainers()) {
                if (workload.owner() instanceof Deployment || workload.owner() instanceof Job) {
                    assertThat(c.getImage())
                            .as("%s %s container %s", overlay, workload.name(), c.getName())
                            .isIn(built);
                } else {
                    assertThat(c.getImage())
                            .as("third-party image %s is pinned", c.getImage())
                            .matches(".+:[0-9][^:]*");
                }
            }
        }
        for (String service : Repo.services()) {
            assertThat(mainContainer(rendered.deployment(service), service).getImage())
                    .startsWith(imageRepository(built, service));
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void issuerWhenRenderedThenEqualsThePublicUrlOfTheAuthHost(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        Ingress ingress = rendered.all(Ingress.class).get(0);
        IngressRule authRule = ruleFor(ingress, "auth-service");
        boolean tls = servedOverTls(ingress, authRule);

        Map<String, String> env =
                rendered.environment(mainContainer(rendered.deployment("auth-service"), "auth-service"));

        assertThat(env.get("AUTH_ISSUER")).isEqualTo(origin(ingress, authRule));
        // Secure cookies over https; over plain http a browser would drop them and sign-in would loop.
        assertThat(Repo.config("auth-service").resolve("auth.cookie-secure", "true", env))
                .isEqualTo(Boolean.toString(tls));
        assertThat(authRule.getHttp().getPaths())
                .singleElement()
                .satisfies(p -> assertThat(p.getPath()).isEqualTo("/"));
    }

    @org.junit.jupiter.api.Test
    void postgresWhenProdThenEveryClientVerifiesTheServerAgainstTheMountedCaAndItsName() {
        Rendered rendered = Rendered.of("prod");
        List<String> checked = new ArrayList<>();

        for (Rendered.Workload workload : rendered.workloads()) {
            for (Container c : workload.allContainers()) {
                Map<String, String> env = rendered.environment(c);
                if (!env.containsKey("PG_HOST")) {
                    continue;
                }
                String service = c.getImage().replaceAll("^.*/|:.*$", "");
                String where = workload.name() + " container " + c.getName();
                QuarkusConfig config = Repo.config(service);
                String ca = config.resolve("quarkus.datasource.reactive.trust-certificate-pem.certs", "", env);

                assertThat(config.resolve("quarkus.datasource.reactive.postgresql.ssl-mode", "disable", env))
                        .as(where)
                        .isEqualTo("verify-full");
                assertThat(config.resolve("quarkus.datasource.reactive.hostname-verification-algorithm", "NONE", env))
                        .as(where)
                        .isEqualTo("HTTPS");
                assertThat(config.resolve("quarkus.datasource.jdbc.url", "", env))
                        .as(where + ": Flyway's JDBC URL")
                        .contains("sslmode=verify-full")
                        .contains("sslrootcert=" + ca);
                if (service.equals("content-service")) {
                    assertThat(config.resolve("content.listen.ssl-mode", "disable", env))
                            .as(where + ": LISTEN connection")
                            .isEqualTo("verify-full");
                    assertThat(config.resolve("content.listen.root-cert", "", env))
                            .as(where)
                            .isEqualTo(ca);
                }
                assertThat(mountedConfigMapKey(rendered, workload, c, ca))
                        .as(where + ": CA file %s is mounted", ca)
                        .isPresent();
                checked.add(where);
            }
        }
        assertThat(checked).as("containers that reach PostgreSQL").hasSizeGreaterThanOrEqualTo(6);
    }

    /** The ConfigMap and key a container sees at {@code file}, if a mounted ConfigMap volume holds it. */
    private static Optional<String> mountedConfigMapKey(
            Rendered rendered, Rendered.Workload workload, Container c, String file) {
        for (var mount : c.getVolumeMounts()) {
            if (!file.startsWith(mount.getMountPath() + "/")) {
                continue;
            }
            String key = file.substring(mount.getMountPath().length() + 1);
            return workload.template().getSpec().getVolumes().stream()
                    .filter(v -> v.getName().equals(mount.getName()) && v.getConfigMap() != null)
                    .map(v -> v.getConfigMap().getName())
                    .filter(configMap -> rendered.configMapData(configMap).containsKey(key))
                    .map(configMap -> configMap + "/" + key)
                    .findFirst();
        }
        return Optional.empty();
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void contentPublicUrlWhenRenderedThenEqualsThePublicUrlOfTheContentHost(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        Ingress ingress = rendered.all(Ingress.class).get(0);
        IngressRule contentRule = ruleFor(ingress, "content-service");

        Map<String, String> env =
                rendered.environment(mainContainer(rendered.deployment("content-service"), "content-service"));

        // Feed URLs in settings and the sitemap index are built from it.
        assertThat(env.get("CONTENT_PUBLIC_URL")).isEqualTo(origin(ingress, contentRule) + "/");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void forwardedForWhenAServiceBelievesItThenOnlyFromPrivateRangesAndAuthTrustsTheIngressController(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            Map<String, String> env = rendered.environment(mainContainer(rendered.deployment(service), service));
            QuarkusConfig config = Repo.config(service);
            if (!Boolean.parseBoolean(config.resolve("quarkus.http.proxy.proxy-address-forwarding", "false", env))) {
                continue;
            }
            List<String> trusted = ranges(config.resolve("quarkus.http.proxy.trusted-proxies", "", env));
            // Quarkus believes every peer's X-Forwarded-For when the list is empty.
            assertThat(trusted)
                    .as("%s: %s trusted proxies", overlay, service)
                    .isNotEmpty()
                    .allSatisfy(range -> assertThat(PRIVATE_RANGES)
                            .as("%s: %s trusts %s", overlay, service, range)
                            .anyMatch(p -> contains(p, range)));
        }
        Map<String, String> auth =
                rendered.environment(mainContainer(rendered.deployment("auth-service"), "auth-service"));
        // The controller's pods may be in any private range; a peer not trusted would make every client the controller.
        assertThat(ranges(Repo.config("auth-service").resolve("quarkus.http.proxy.trusted-proxies", "", auth)))
                .as("%s: auth-service TRUSTED_PROXIES", overlay)
                .containsAll(PRIVATE_RANGES);
    }

    private static List<String> ranges(String list) {
        return Stream.of(list.split(","))
                .map(String::strip)
                .filter(r -> !r.isEmpty())
                .toList();
    }

    /** Whether CIDR range {@code outer} holds all of {@code inner} (an address or a CIDR range). */
    private static boolean contains(String outer, String inner) {
        byte[] outerBytes = literal(outer.substring(0, outer.indexOf('/')));
        byte[] innerBytes = literal(inner.contains("/") ? inner.substring(0, inner.indexOf('/')) : inner);
        int outerBits = Integer.parseInt(outer.substring(outer.indexOf('/') + 1));
        int innerBits =
                inner.contains("/") ? Integer.parseInt(inner.substring(inner.indexOf('/') + 1)) : innerBytes.length * 8;
        if (outerBytes.length != innerBytes.length || innerBits < outerBits) {
            return false;
        }
        for (int bit = 0; bit < outerBits; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((outerBytes[bit / 8] & mask) != (innerBytes[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of an IP address literal (never a host name: no lookup). */
    private static byte[] literal(String address) {
        assertThat(address).as("an IP address literal").matches("[0-9.]+|[0-9a-fA-F:]*:[0-9a-fA-F:.]*");
        try {
            return java.net.InetAddress.getByName(address).getAddress();
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(address, e);
        }
    }

    private static IngressRule ruleFor(Ingress ingress, String service) {
        return ingress.getSpec().getRules().stream()
                .filter(r -> r.getHttp().getPaths().stream()
                        .anyMatch(p -> p.getBackend().getService().getName().equals(service)))
                .findFirst()
                .orElseThrow();
    }

    /** The scheme and host browsers reach the rule's service at. */
    private static String origin(Ingress ingress, IngressRule rule) {
        return (servedOverTls(ingress, rule) ? "https://" : "http://") + rule.getHost();
    }

    private static boolean servedOverTls(Ingress ingress, IngressRule rule) {
        return ingress.getSpec().getTls().stream().map(IngressTLS::getHosts).anyMatch(h -> h.contains(rule.getHost()));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void podWhenRenderedThenRunsNonRootReadOnlyWithoutCapabilitiesOrApiToken(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (Rendered.Workload workload : rendered.workloads()) {
            var pod = workload.template().getSpec();
            assertThat(pod.getSecurityContext().getRunAsNonRoot())
                    .as(workload.name())
                    .isTrue();
            assertThat(pod.getAutomountServiceAccountToken())
                    .as(workload.name())
                    .isFalse();
            for (Container c : workload.allContainers()) {
                var security = c.getSecurityContext();
                String what = overlay + " " + workload.name() + " " + c.getName();
                assertThat(security.getReadOnlyRootFilesystem()).as(what).isTrue();
                assertThat(security.getAllowPrivilegeEscalation()).as(what).isFalse();
                assertThat(security.getCapabilities().getDrop()).as(what).containsExactly("ALL");
                assertThat(c.getResources().getLimits()).as(what).containsKey("memory");
                assertThat(c.getResources().getRequests()).as(what).containsKeys("memory", "cpu");
            }
        }
        for (String service : Repo.services()) {
            Deployment deployment = rendered.deployment(service);
            String tmpVolume = mainContainer(deployment, service).getVolumeMounts().stream()
                    .filter(m -> m.getMountPath().equals("/tmp"))
                    .map(m -> m.getName())
                    .findFirst()
                    .orElseThrow();
            assertThat(deployment.getSpec().getTemplate().getSpec().getVolumes())
                    .anySatisfy(v -> assertThat(v.getName().equals(tmpVolume) && v.getEmptyDir() != null)
                            .isTrue());
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void deploymentWhenRenderedThenHasAtLeastTwoReplicasAnAutoscalerAndADisruptionBudget(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            Deployment deployment = rendered.deployment(service);
            Map<String, String> podLabels =
                    deployment.getSpec().getTemplate().getMetadata().getLabels();
            HorizontalPodAutoscaler hpa = rendered.all(HorizontalPodAutoscaler.class).stream()
                    .filter(h -> h.getSpec().getScaleTargetRef().getKind().equals("Deployment")
                            && h.getSpec().getScaleTargetRef().getName().equals(service))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(overlay + ": no HPA for " + service));

            assertThat(hpa.getSpec().getMinReplicas()).as(service).isGreaterThanOrEqualTo(2);
            assertThat(hpa.getSpec().getMaxReplicas())
                    .as(service)
                    .isGreaterThan(hpa.getSpec().getMinReplicas());
            assertThat(deployment.getSpec().getReplicas())
                    .as("%s: replicas left to the HPA", service)
                    .isNull();
            assertThat(rendered.all(PodDisruptionBudget.class))
                    .as("%s: a PodDisruptionBudget covers %s", overlay, service)
                    .anyMatch(pdb -> matches(pdb.getSpec().getSelector(), podLabels));
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void shutdownWhenRenderedThenPreStopAndQuarkusTimeoutFitTheGracePeriod(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            Deployment deployment = rendered.deployment(service);
            Container container = mainContainer(deployment, service);
            long preStop = container.getLifecycle().getPreStop().getSleep().getSeconds();
            String timeout = rendered.environment(container).get("QUARKUS_SHUTDOWN_TIMEOUT");
            assertThat(timeout).as("%s: QUARKUS_SHUTDOWN_TIMEOUT", service).isNotNull();
            long shutdown =
                    Duration.parse("PT" + timeout.toUpperCase(Locale.ROOT)).toSeconds();

            assertThat(preStop).isPositive();
            assertThat(preStop + shutdown)
                    .as(service)
                    .isLessThan(deployment.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds());
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void migrationWhenServiceUsesFlywayThenOneJobMigratesAndReplicasNever(String overlay) {
        Rendered rendered = Rendered.of(overlay);

        for (String service : Repo.services()) {
            QuarkusConfig config = Repo.config(service);
            if (config.properties().getProperty("quarkus.flyway.migrate-at-start") == null) {
                continue;
            }
            Deployment deployment = rendered.deployment(service);
            Container main = mainContainer(deployment, service);
            List<Job> jobs = rendered.all(Job.class).stream()
                    .filter(j -> j.getSpec()
                            .getTemplate()
                            .getSpec()
                            .getContainers()
                            .get(0)
                            .getImage()
                            .equals(main.getImage()))
                    .toList();

            assertThat(config.resolve("quarkus.flyway.migrate-at-start", "false", rendered.environment(main)))
                    .as("%s: replicas must not migrate", service)
                    .isEqualTo("false");
            assertThat(jobs).as("%s: migration Job", service).hasSize(1);
            Map<String, String> jobEnv = rendered.environment(jobs.get(0)
                    .getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .get(0));
            assertThat(config.resolve("quarkus.flyway.migrate-at-start", "false", jobEnv))
                    .isEqualTo("true");
            assertThat(jobEnv).containsEntry("QUARKUS_INIT_AND_EXIT", "true");
            assertThat(jobs.get(0).getSpec().getTemplate().getSpec().getRestartPolicy())
                    .isEqualTo("Never");
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void networkPolicyWhenRenderedThenDefaultDenyAndOnlyTheIngressControllerAndPrometheusReachTheServices(
            String overlay) {
        Rendered rendered = Rendered.of(overlay);
        List<NetworkPolicy> policies = rendered.all(NetworkPolicy.class);
        String namespace =
                rendered.deployment(Repo.services().get(0)).getMetadata().getNamespace();

        assertThat(policies).as("%s: a default-deny policy", overlay).anySatisfy(p -> {
            assertThat(p.getSpec().getPodSelector().getMatchLabels()).isNullOrEmpty();
            assertThat(p.getSpec().getPodSelector().getMatchExpressions()).isNullOrEmpty();
            assertThat(p.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
            assertThat(p.getSpec().getIngress()).isNullOrEmpty();
            assertThat(p.getSpec().getEgress()).isNullOrEmpty();
        });
        for (String service : Repo.services()) {
            Deployment deployment = rendered.deployment(service);
            Container container = mainContainer(deployment, service);
            String management = managementPortName(container, Repo.config(service), rendered.environment(container));
            Map<String, String> pod =
                    deployment.getSpec().getTemplate().getMetadata().getLabels();
            List<NetworkPolicyIngressRule> rules = policies.stream()
                    .filter(p -> selects(p.getSpec().getPodSelector(), pod))
                    .flatMap(p -> p.getSpec().getIngress().stream())
                    .toList();

            // Exactly two ways in: the ingress controller's namespace to the public port, and Prometheus's pods in the
            // monitoring namespace (both selectors in one peer) to the management port.
            assertThat(rules)
                    .as("%s: ingress rules for %s", overlay, service)
                    .hasSize(2)
                    .anySatisfy(rule -> {
                        assertThat(rule.getFrom()).singleElement().satisfies(peer -> {
                            assertThat(peer.getPodSelector()).isNull();
                            assertThat(peer.getNamespaceSelector().getMatchLabels())
                                    .containsExactly(Map.entry("kubernetes.io/metadata.name", "ingress-nginx"));
                        });
                        assertThat(rule.getPorts())
                                .extracting(port -> port.getPort().getStrVal())
                                .containsExactly("http");
                    })
                    .anySatisfy(rule -> {
                        assertThat(rule.getFrom()).singleElement().satisfies(peer -> {
                            assertThat(peer.getPodSelector()).isNotNull();
                            assertThat(peer.getPodSelector().getMatchLabels())
                                    .containsExactly(Map.entry("app.kubernetes.io/name", "prometheus"));
                            assertThat(peer.getNamespaceSelector().getMatchLabels())
                                    .hasSize(1)
                                    .extractingByKey("kubernetes.io/metadata.name")
                                    .asString()
                                    .matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")
                                    .isNotIn("ingress-nginx", namespace);
                        });
                        assertThat(rule.getPorts())
                                .extracting(port -> port.getPort().getStrVal())
                                .containsExactly(management);
                    });
        }
    }

    /** The name of the container port the management interface (health, metrics) listens on. */
    static String managementPortName(Container container, QuarkusConfig config, Map<String, String> env) {
        assertThat(config.managementEnabled(env))
                .as("%s: management interface enabled", container.getName())
                .isTrue();
        int port = config.healthPort(env);
        return container.getPorts().stream()
                .filter(p -> p.getContainerPort() == port)
                .map(ContainerPort::getName)
                .findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no container port " + port));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void networkPolicyWhenDatastoreInClusterThenOnlyItsClientsReachIt(String overlay) {
        Rendered rendered = Rendered.of(overlay);
        List<NetworkPolicy> policies = rendered.all(NetworkPolicy.class);

        for (StatefulSet datastore : rendered.all(StatefulSet.class)) {
            String name = datastore.getMetadata().getName();
            // Its clients: every workload configured with the datastore's Service as a *_HOST.
            Set<String> clients = rendered.workloads().stream()
                    .filter(w -> w.owner() != datastore)
                    .filter(w -> w.allContainers().stream()
                            .anyMatch(c -> rendered.environment(c).entrySet().stream()
                                    .anyMatch(e -> e.getKey().endsWith("_HOST") && name.equals(e.getValue()))))
                    .map(w -> w.template().getMetadata().getLabels().get("app.kubernetes.io/name"))
                    .collect(java.util.stream.Collectors.toSet());
            Map<String, String> pod =
                    datastore.getSpec().getTemplate().getMetadata().getLabels();
            List<NetworkPolicyPeer> peers = policies.stream()
                    .filter(p -> selects(p.getSpec().getPodSelector(), pod))
                    .flatMap(p -> p.getSpec().getIngress().stream())
                    .flatMap(r -> r.getFrom().stream())
                    .toList();

            assertThat(clients).as("%s: clients of %s", overlay, name).isNotEmpty();
            assertThat(peers)
                    .as("%s: who may reach %s", overlay, name)
                    .isNotEmpty()
                    .allSatisfy(peer -> {
                        assertThat(peer.getNamespaceSelector()).isNull();
                        assertThat(peer.getPodSelector().getMatchExpressions())
                                .singleElement()
                                .satisfies(e -> {
                                    assertThat(e.getKey()).isEqualTo("app.kubernetes.io/name");
                                    assertThat(e.getOperator()).isEqualTo("In");
                                    assertThat(e.getValues()).containsExactlyInAnyOrderElementsOf(clients);
                                });
                    });
            for (Rendered.Workload client : rendered.workloads().stream()
                    .filter(w -> clients.contains(
                            w.template().getMetadata().getLabels().get("app.kubernetes.io/name")))
                    .toList()) {
                int port = datastore
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getPorts()
                        .get(0)
                        .getContainerPort();
                assertThat(policies)
                        .as("%s: egress from %s to %s:%d", overlay, client.name(), name, port)
                        .anyMatch(p -> selects(
                                        p.getSpec().getPodSelector(),
                                        client.template().getMetadata().getLabels())
                                && p.getSpec().getEgress().stream()
                                        .flatMap(e -> e.getPorts().stream())
                                        .anyMatch(ep -> Integer.valueOf(port)
                                                .equals(ep.getPort().getIntVal())));
            }
        }
    }

    private static void requireSecret(
            Rendered rendered, Rendered secretsSource, String name, String key, String where, List<String> problems) {
        boolean inOverlay = rendered.named(Secret.class, name).isPresent();
        // Secrets created outside git (prod) are checked against the dev overlay, which generates every one of them.
        Set<String> keys = inOverlay ? rendered.secretKeys(name) : secretsSource.generatedSecretKeys(name);
        if (!inOverlay && !Repo.read(Repo.DEPLOY.resolve("README.md")).contains("`" + name + "`")) {
            problems.add(where + ": Secret " + name + " is neither rendered nor documented in deploy/README.md");
        }
        if (keys.isEmpty()) {
            problems.add(where + ": no Secret " + name);
        } else if (key != null && !keys.contains(key)) {
            problems.add(where + ": Secret " + name + " has no key " + key);
        }
    }

    /** A size as Quarkus and nginx write it: a number with an optional K, M or G suffix (powers of 1024). */
    private static long bytes(String size) {
        String value = size.trim().toUpperCase(Locale.ROOT);
        int shift = switch (value.charAt(value.length() - 1)) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            default -> 0;
        };
        String digits = shift == 0 ? value : value.substring(0, value.length() - 1);
        return Long.parseLong(digits) << shift;
    }

    private static void assertProbe(Container container, Probe probe, String path, int port) {
        assertThat(probe).as("%s probe for %s", container.getName(), path).isNotNull();
        assertThat(probe.getHttpGet().getPath()).isEqualTo(path);
        IntOrString probePort = probe.getHttpGet().getPort();
        int number =
                probePort.getStrVal() != null ? portNumber(container, probePort.getStrVal()) : probePort.getIntVal();
        assertThat(number).as("%s: port of %s", container.getName(), path).isEqualTo(port);
    }

    private static int portNumber(Container container, String name) {
        return container.getPorts().stream()
                .filter(p -> name.equals(p.getName()))
                .map(ContainerPort::getContainerPort)
                .findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no port named " + name));
    }

    private static String imageRepository(List<String> built, String service) {
        return built.stream()
                .filter(i -> i.contains("/" + service + ":"))
                .map(i -> i.substring(0, i.lastIndexOf(':') + 1))
                .findFirst()
                .orElseThrow(() -> new AssertionError("images.sh builds no image for " + service));
    }

    private static List<HTTPIngressPath> ingressPaths(Rendered rendered) {
        return rendered.all(Ingress.class).stream()
                .flatMap(i -> i.getSpec().getRules().stream())
                .flatMap(r -> r.getHttp().getPaths().stream())
                .toList();
    }

    private static boolean matches(Map<String, String> selector, Map<String, String> labels) {
        return selector != null
                && !selector.isEmpty()
                && labels != null
                && labels.entrySet().containsAll(selector.entrySet());
    }

    private static boolean matches(LabelSelector selector, Map<String, String> labels) {
        return selector.getMatchExpressions().isEmpty() && matches(selector.getMatchLabels(), labels);
    }

    private static String name(Service service) {
        return service.getMetadata().getName();
    }
}
