package dev.pressroom.auth.support;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.quarkus.arc.properties.IfBuildProperty;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Every span the service finishes, kept in memory for the trace test: Quarkus's default (cdi) exporter sends spans to
 * each SpanExporter bean. Only under {@link RecordedSpansProfile}, so the rest of the suite does not pile up spans.
 */
@ApplicationScoped
public class RecordedSpans {

    @Produces
    @Singleton
    @IfBuildProperty(name = RecordedSpansProfile.PROPERTY, stringValue = "true")
    InMemorySpanExporter spans() {
        return InMemorySpanExporter.create();
    }
}
