package dev.pressroom.manifest.observe;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The spans the test profile records (pressroom.tracing.record), kept in memory for the tests to read. */
@ApplicationScoped
public class RecordedSpans {

    @Produces
    @Singleton
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }
}
