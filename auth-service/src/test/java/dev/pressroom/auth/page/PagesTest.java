package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.qute.TemplateData;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PagesTest {

    /**
     * The native executable rendered the consent and account pages as 500s ("Property logoUri not found"): the build's
     * template check had registered no resolver for members read inside the layout's sections, and a native executable
     * has no reflection to fall back on as the JVM does. Every page record gets a generated resolver of its own.
     */
    @Test
    void pageRecordsWhenRenderedThenEachHasAResolverOfItsOwn() {
        var records = Arrays.stream(Pages.class.getDeclaredClasses())
                .filter(Class::isRecord)
                .toList();

        assertThat(records).hasSizeGreaterThanOrEqualTo(8);
        assertThat(records).allSatisfy(page -> assertThat(page).hasAnnotation(TemplateData.class));
    }
}
