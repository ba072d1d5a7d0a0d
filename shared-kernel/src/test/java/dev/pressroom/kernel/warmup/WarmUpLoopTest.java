package dev.pressroom.kernel.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WarmUpLoopTest {

    @Test
    void runWhenStoppedAfterSomeRoundsThenCountsThem() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        WarmUpLoop loop = new WarmUpLoop(session(calls::incrementAndGet));

        WarmUpLoop.Outcome outcome = loop.run(() -> calls.get() >= 40);

        assertThat(outcome.rounds()).isEqualTo(calls.get()).isBetween(40, 40 + WarmUpLoop.CONNECTIONS);
        assertThat(outcome.failed()).isZero();
        assertThat(outcome.firstFailure()).isNull();
    }

    @Test
    void runWhenEveryRoundFailsThenGivesUpWithoutBeingStopped() throws Exception {
        WarmUpLoop loop = new WarmUpLoop(session(() -> {
            throw new WarmUpFailure("token answered 503");
        }));

        WarmUpLoop.Outcome outcome = loop.run(() -> false);

        assertThat(outcome.rounds()).isZero();
        assertThat(outcome.failed())
                .isBetween(WarmUpLoop.GIVE_UP_AFTER, WarmUpLoop.GIVE_UP_AFTER + WarmUpLoop.CONNECTIONS);
        assertThat(outcome.firstFailure()).isEqualTo("token answered 503");
    }

    @Test
    void runWhenRoundsFailNowAndThenThenKeepsGoing() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        WarmUpLoop loop = new WarmUpLoop(session(() -> {
            if (calls.incrementAndGet() % 3 == 0) {
                throw new WarmUpFailure("user info answered 500");
            }
        }));

        WarmUpLoop.Outcome outcome = loop.run(() -> calls.get() >= 300);

        assertThat(outcome.rounds() + outcome.failed()).isEqualTo(calls.get());
        assertThat(outcome.failed()).isGreaterThan(WarmUpLoop.GIVE_UP_AFTER);
    }

    @Test
    void runWhenARoundThrowsSomethingElseThenShowsOnlyItsClass() throws Exception {
        WarmUpLoop loop = new WarmUpLoop(session(() -> {
            throw new IOException("Unexpected character in {\"access_token\":\"secret-value\"");
        }));

        WarmUpLoop.Outcome outcome = loop.run(() -> false);

        assertThat(outcome.firstFailure()).isEqualTo("IOException");
    }

    private interface Round {
        void run() throws Exception;
    }

    private static WarmUpRounds.Session session(Round round) {
        return new WarmUpRounds.Session() {
            @Override
            public void round() throws Exception {
                round.run();
            }

            @Override
            public void close() {}
        };
    }
}
