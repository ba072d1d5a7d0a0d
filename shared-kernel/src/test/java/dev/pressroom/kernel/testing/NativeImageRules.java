package dev.pressroom.kernel.testing;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a module's {@code native-image.properties}, as native-image does, so tests can check what its rules name. */
public final class NativeImageRules {

    private static final Pattern RUN_TIME = Pattern.compile("--initialize-at-run-time=(\\S+)");

    private NativeImageRules() {}

    /**
     * The class that {@code META-INF/native-image/dev.pressroom/<module>/native-image.properties} initialises at run
     * time, loaded (not initialised) through {@code anchor}'s class loader; fails when the file, the rule or the class
     * is missing, so a renamed holder cannot silently lose its rule.
     */
    public static Class<?> runTimeInitialized(Class<?> anchor, String module)
            throws IOException, ClassNotFoundException {
        String resource = "/META-INF/native-image/dev.pressroom/" + module + "/native-image.properties";
        Properties properties = new Properties();
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException(module + "'s native-image.properties is missing");
            }
            properties.load(in);
        }
        Matcher runTime = RUN_TIME.matcher(properties.getProperty("Args", ""));
        if (!runTime.find()) {
            throw new IllegalStateException(resource + " names no class to initialise at run time");
        }
        return Class.forName(runTime.group(1), false, anchor.getClassLoader());
    }
}
