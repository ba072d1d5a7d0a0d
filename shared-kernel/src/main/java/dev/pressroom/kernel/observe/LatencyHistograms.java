package dev.pressroom.kernel.observe;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.stream.LongStream;

/**
 * HTTP latency as a Prometheus histogram with a dozen fixed buckets, so p50/p99 and SLO ratios can be computed across
 * replicas with {@code histogram_quantile}; Micrometer's own percentile histogram would add ~70 buckets per route.
 */
@ApplicationScoped
public class LatencyHistograms {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";
    static final long[] BUCKETS_MILLIS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000};

    @Produces
    @Singleton
    MeterFilter httpServerBuckets() {
        double[] bucketsNanos = LongStream.of(BUCKETS_MILLIS)
                .mapToDouble(ms -> Duration.ofMillis(ms).toNanos())
                .toArray();
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!id.getName().equals(HTTP_SERVER_REQUESTS)) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .serviceLevelObjectives(bucketsNanos)
                        .build()
                        .merge(config);
            }
        };
    }
}
