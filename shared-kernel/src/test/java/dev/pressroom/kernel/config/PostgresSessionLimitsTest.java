package dev.pressroom.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PostgresSessionLimitsTest {

    @Test
    void sourceWhenReactivePostgresClientThenStatementAndLockTimeoutsAboveTheDeadline() {
        PostgresSessionLimits limits = new PostgresSessionLimits(true);

        assertThat(limits.getValue("quarkus.datasource.reactive.additional-properties.statement_timeout"))
                .isEqualTo("${PG_STATEMENT_TIMEOUT:3500ms}");
        assertThat(limits.getValue("quarkus.datasource.reactive.additional-properties.lock_timeout"))
                .isEqualTo("${PG_STATEMENT_TIMEOUT:3500ms}");
        assertThat(limits.getOrdinal()).isLessThan(250); // below application.properties
    }

    @Test
    void sourceWhenNoReactivePostgresClientThenNoKeysToWarnAbout() {
        assertThat(new PostgresSessionLimits(false).getPropertyNames()).isEmpty();
    }

    @Test
    void sourceWhenLoadedByTheKernelThenDecidesByTheClassPath() {
        // The kernel's own tests run without the reactive PostgreSQL client (it is provided by the services).
        assertThat(new PostgresSessionLimits().getPropertyNames()).isEmpty();
    }
}
