package dev.pressroom.content.observe;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Keeps the spans the tests record (the test profile records, exports nowhere): Quarkus exports to SpanExporter beans. */
@ApplicationScoped
public class RecordedSpans {

    @Produces
    @Singleton
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }
}
