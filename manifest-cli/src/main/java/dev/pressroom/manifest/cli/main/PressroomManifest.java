package dev.pressroom.manifest.cli.main;

import dev.pressroom.manifest.cli.ValidateCommand;
import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.report.BatchResponse;
import dev.pressroom.manifest.report.BatchSummary;
import dev.pressroom.manifest.report.ProblemResponse;
import dev.pressroom.manifest.report.ValidationResponse;
import dev.pressroom.manifest.schema.ManifestSchema;
import dev.pressroom.manifest.validation.ManifestSummary;
import dev.pressroom.manifest.validation.ManifestValidator;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.Console;
import java.util.Map;

/**
 * {@code pressroom-manifest}: the Quarkus command-mode main around the engine's {@link ValidateCommand}, which holds
 * all the behaviour; this class only supplies the real console. The JSON report records are serialized by
 * reflection, hence their registration for native; Console's isTerminal (JDK 22+) is looked up reflectively.
 */
@QuarkusMain
@RegisterForReflection(
        targets = {
            ValidationResponse.class,
            ProblemResponse.class,
            ManifestSummary.class,
            BatchResponse.class,
            BatchResponse.Result.class,
            BatchSummary.class,
            Console.class
        },
        methods = true)
public class PressroomManifest implements QuarkusApplication {

    @Override
    public int run(String... args) {
        ManifestValidator manifests = new ManifestValidator(ManifestSchema.load());
        ValidateCommand command =
                new ValidateCommand(manifests, new PackageValidator(manifests, PackageLimits.defaults()));
        return command.run(args, new ValidateCommand.Console(System.out, System.err, colour(System.getenv())));
    }

    /** Colour only on a terminal, and never when NO_COLOR is set to anything (https://no-color.org) or TERM=dumb. */
    @SuppressWarnings("SystemConsoleNull") // null up to JDK 21, isTerminal() from JDK 22: both handled below
    static boolean colour(Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        if ((noColor != null && !noColor.isEmpty()) || "dumb".equals(env.get("TERM"))) {
            return false;
        }
        Console console = System.console();
        return console != null && isTerminal(console);
    }

    /**
     * Up to JDK 21 System.console() is null unless stdin and stdout are a terminal; from JDK 22 it may exist for a
     * pipe too, and Console.isTerminal() tells. Compiled for 17, so looked up at run time.
     */
    private static boolean isTerminal(Console console) {
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 17-21: a non-null console is a terminal
        }
    }
}
