import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * A minimal stand-in for GraalVM's {@code native-image} launcher, which Maven Central does not publish: it turns the
 * arguments Quarkus writes to {@code target/native-sources/native-image.args} into a direct start of the builder
 * ({@code com.oracle.svm.hosted.NativeImageGeneratorRunner}, from the {@code org.graalvm.nativeimage:svm} jars) on a
 * JVMCI-enabled JDK. Written from the launcher's documented behaviour (the native-image reference manual: options,
 * {@code native-image.properties}, {@code META-INF/native-image} configuration); options it does not know fail the
 * build rather than being dropped.
 *
 * <p>Usage: {@code java NativeImage.java <jdk> <builder jars dir> <C libraries dir> <sources dir> <output dir>
 * <builder -Xmx> [extra builder options...]}; run by scripts/native.sh.
 */
public final class NativeImage {

    /** What Quarkus' version check accepts; the builder is GraalVM 25.0.4 from Maven Central. */
    private static final String VENDOR_VERSION = "Mandrel-25.0.4.0-Final";

    private static final String CONFIG_ROOT = "META-INF/native-image/";
    private static final List<String> BUILDER_MODULES = List.of(
            "org.graalvm.nativeimage.builder",
            "org.graalvm.nativeimage.pointsto",
            "org.graalvm.nativeimage.objectfile",
            "org.graalvm.nativeimage.base",
            "org.graalvm.nativeimage.configure",
            "jdk.graal.compiler");

    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> builderArgs = new ArrayList<>();
    private final List<Pattern[]> excludedConfig = new ArrayList<>();
    private final List<Path> classpath = new ArrayList<>();
    private String mainClass;
    private String imageName;

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: NativeImage <jdk> <builder jars> <C libraries> <native-sources dir> <output dir>"
                    + " <Xmx> [builder options...]");
            System.exit(2);
        }
        Path jdk = Path.of(args[0]).toAbsolutePath();
        Path builderJars = Path.of(args[1]).toAbsolutePath();
        Path cLibraries = Path.of(args[2]).toAbsolutePath();
        Path sources = Path.of(args[3]).toAbsolutePath();
        Path output = Path.of(args[4]).toAbsolutePath();
        String xmx = args[5];
        List<String> extra = List.of(args).subList(6, args.length);

        NativeImage image = new NativeImage();
        String quarkusArgs = Files.readString(sources.resolve("native-image.args")).strip();
        image.translate(List.of(quarkusArgs.split("\\s+")), sources);
        image.readClasspathConfiguration();
        Files.createDirectories(output);

        List<String> command = new ArrayList<>();
        command.add(jdk.resolve("bin/java").toString());
        command.addAll(image.builderJvmArgs(builderJars, xmx));
        command.add("-imagecp");
        command.add(String.join(":", image.classpath.stream().map(Path::toString).toList()));
        command.add("-H:Path=" + output);
        command.add("-H:Name=" + image.imageName);
        command.add("-H:Class=" + image.mainClass);
        command.add("-H:CLibraryPath=" + cLibraries);
        command.add("-H:ImageBuildID=" + UUID.randomUUID());
        command.addAll(image.builderArgs);
        command.addAll(extra);

        if (System.getenv("NATIVE_IMAGE_VERBOSE") != null) {
            System.err.println(String.join(" \\\n  ", command).replace(String.join(":", image.classpath.stream().map(Path::toString).toList()), "<classpath>"));
        }
        ProcessBuilder start = new ProcessBuilder(command).directory(sources.toFile()).inheritIO();
        // Temurin's JVMCI is OpenJDK's, not GraalVM's labs JDK: the compiler would refuse its version string.
        start.environment().put("JVMCI_VERSION_CHECK", "ignore");
        Process builder = start.start();
        System.exit(builder.waitFor());
    }

    /** The builder JVM: JVMCI on, the compiler as an upgraded module, the builder's modules and class loader. */
    private List<String> builderJvmArgs(Path builderJars, String xmx) throws IOException {
        List<String> modulePath = new ArrayList<>();
        String compiler = null;
        try (Stream<Path> jars = Files.list(builderJars)) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                if (jar.getFileName().toString().startsWith("compiler-")) {
                    compiler = jar.toString();
                } else {
                    modulePath.add(jar.toString());
                }
            }
        }
        if (compiler == null) {
            throw new IllegalStateException("no compiler-*.jar in " + builderJars);
        }
        List<String> args = new ArrayList<>(List.of(
                "-XX:+UseParallelGC",
                "-XX:+UnlockExperimentalVMOptions",
                "-XX:+EnableJVMCI",
                "-XX:-UseJVMCICompiler",
                "-Xss10m",
                "-Xmx" + xmx,
                "-XX:+ExitOnOutOfMemoryError",
                "-Xshare:off",
                "-Djava.system.class.loader=com.oracle.svm.hosted.NativeImageSystemClassLoader",
                "-Dcom.oracle.graalvm.isaot=true",
                "-Dorg.graalvm.nativeimage.imagecode=buildtime",
                "-Djdk.internal.lambda.disableEagerInitialization=true",
                "-Dtruffle.TrustAllTruffleRuntimeProviders=true",
                "-Dgraalvm.locatorDisabled=true",
                "-Dorg.graalvm.version=25.0.4",
                "-Dorg.graalvm.vendor=Pressroom test build",
                "-Dorg.graalvm.vendorversion=" + VENDOR_VERSION,
                "--add-modules=ALL-DEFAULT",
                "--enable-native-access=" + String.join(",", BUILDER_MODULES),
                "--upgrade-module-path",
                compiler,
                "--module-path",
                String.join(":", modulePath)));
        // The launcher gives the builder the JDK's internal packages (it opens what else it needs itself).
        String builder = String.join(",", BUILDER_MODULES);
        for (String pkg : internalPackages()) {
            args.add("--add-exports=" + pkg + "=" + builder);
        }
        // Quarkus writes native-image.args for the builder it assumes when it does not run one (sources-only); with
        // JDK 25 jboss-threads also needs java.lang open (its thread-local reset), which Quarkus adds for a builder it
        // knows to be 24 or later.
        args.add("--add-opens=java.base/java.lang=ALL-UNNAMED");
        args.addAll(jvmArgs);
        args.add("--module");
        args.add("org.graalvm.nativeimage.builder/com.oracle.svm.hosted.NativeImageGeneratorRunner");
        return args;
    }

    /** module/package of every package a JDK module does not export to everyone (this driver runs on that JDK). */
    private static List<String> internalPackages() {
        List<String> packages = new ArrayList<>();
        for (Module module : ModuleLayer.boot().modules()) {
            if (module.getName().startsWith("jdk.incubator.")) {
                continue;
            }
            ModuleDescriptor descriptor = module.getDescriptor();
            Set<String> open = descriptor.exports().stream()
                    .filter(e -> !e.isQualified())
                    .map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toSet());
            descriptor.packages().stream()
                    .filter(p -> !open.contains(p))
                    .sorted()
                    .forEach(p -> packages.add(descriptor.name() + "/" + p));
        }
        packages.sort(null);
        return packages;
    }

    /** The launcher's options, as the reference manual describes them, in the builder's own terms. */
    private void translate(List<String> args, Path dir) throws IOException {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.isEmpty()) {
                continue;
            }
            if (arg.startsWith("-J")) {
                jvmArgs.add(arg.substring(2));
            } else if (arg.startsWith("-H:")) {
                builderArgs.add(arg);
            } else if (arg.equals("-jar")) {
                readJar(dir.resolve(args.get(++i)));
            } else if (arg.equals("--exclude-config")) {
                excludedConfig.add(new Pattern[] {Pattern.compile(args.get(++i)), Pattern.compile(args.get(++i))});
            } else if (arg.startsWith("--")) {
                builderArgs.addAll(apiOption(arg));
            } else if (!arg.startsWith("-") && imageName == null) {
                imageName = arg;
            } else {
                throw new IllegalArgumentException("native-image option not understood here: " + arg);
            }
        }
    }

    private static List<String> apiOption(String arg) {
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg : arg.substring(0, eq);
        String value = eq < 0 ? "" : arg.substring(eq + 1);
        return switch (name) {
            case "--no-fallback" -> List.of("-H:FallbackThreshold=0");
            case "--link-at-build-time" -> List.of("-H:LinkAtBuildTime=" + value);
            case "--features" -> List.of("-H:Features=" + value);
            case "--enable-url-protocols" -> List.of("-H:EnableURLProtocols=" + value);
            case "--enable-monitoring" -> List.of("-H:EnableMonitoringFeatures=" + (value.isEmpty() ? "all" : value));
            case "--enable-native-access" -> List.of("-H:EnableNativeAccess=" + value);
            case "--initialize-at-run-time" -> classInitialization(value, "run_time");
            case "--initialize-at-build-time" -> classInitialization(value, "build_time");
            case "--enable-all-security-services", "--report-unsupported-elements-at-runtime", "--allow-incomplete-classpath" -> List.of();
            default -> throw new IllegalArgumentException("native-image option not understood here: " + arg);
        };
    }

    private static List<String> classInitialization(String classes, String when) {
        if (classes.isEmpty()) {
            return List.of("-H:ClassInitialization=:" + when);
        }
        return List.of("-H:ClassInitialization=" + String.join(",", List.of(classes.split(",")).stream()
                .map(c -> c + ":" + when)
                .toList()));
    }

    /** {@code -jar}: the jar, its manifest's Class-Path, and its Main-Class. */
    private void readJar(Path jar) throws IOException {
        classpath.add(jar);
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            mainClass = manifest.getMainAttributes().getValue("Main-Class");
            String path = manifest.getMainAttributes().getValue("Class-Path");
            if (path != null) {
                for (String entry : path.strip().split("\\s+")) {
                    classpath.add(jar.getParent().resolve(entry).normalize());
                }
            }
        }
    }

    /**
     * What the launcher finds under META-INF/native-image in every classpath jar: native-image.properties (Args,
     * JavaArgs) and the JSON configuration files, less what {@code --exclude-config} excludes.
     */
    private void readClasspathConfiguration() {
        for (Path jar : classpath) {
            if (!Files.isRegularFile(jar)) {
                continue;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                for (ZipEntry entry : Collections.list(file.entries())) {
                    String name = entry.getName();
                    if (entry.isDirectory() || !name.startsWith(CONFIG_ROOT) || excluded(jar, name)) {
                        continue;
                    }
                    String fileName = name.substring(name.lastIndexOf('/') + 1);
                    switch (fileName) {
                        case "native-image.properties" -> readProperties(file, entry);
                        case "reflect-config.json" -> builderArgs.add("-H:ReflectionConfigurationResources=" + name);
                        case "resource-config.json" -> builderArgs.add("-H:ResourceConfigurationResources=" + name);
                        case "jni-config.json" -> builderArgs.add("-H:JNIConfigurationResources=" + name);
                        case "proxy-config.json" -> builderArgs.add("-H:DynamicProxyConfigurationResources=" + name);
                        case "serialization-config.json" -> builderArgs.add(
                                "-H:SerializationConfigurationResources=" + name);
                        case "reachability-metadata.json" -> builderArgs.add("-H:ReachabilityMetadataResources=" + name);
                        default -> {}
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(jar.toString(), e);
            }
        }
    }

    private boolean excluded(Path jar, String resource) {
        return excludedConfig.stream()
                .anyMatch(p -> p[0].matcher(jar.toString()).find() && p[1].matcher("/" + resource).matches());
    }

    private void readProperties(JarFile file, ZipEntry entry) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = file.getInputStream(entry)) {
            properties.load(in);
        }
        String javaArgs = properties.getProperty("JavaArgs");
        if (javaArgs != null && !javaArgs.isBlank()) {
            jvmArgs.addAll(List.of(javaArgs.strip().split("\\s+")));
        }
        String args = properties.getProperty("Args");
        if (args != null && !args.isBlank()) {
            for (String arg : args.strip().split("\\s+")) {
                if (arg.contains("${.}")) {
                    throw new IllegalArgumentException(file.getName() + "!" + entry + ": ${.} is not supported here");
                }
                if (arg.startsWith("-H:")) {
                    builderArgs.add(arg);
                } else if (arg.startsWith("-J")) {
                    jvmArgs.add(arg.substring(2));
                } else {
                    builderArgs.addAll(apiOption(arg));
                }
            }
        }
    }
}
