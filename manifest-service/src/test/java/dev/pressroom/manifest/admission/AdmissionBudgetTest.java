package dev.pressroom.manifest.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class AdmissionBudgetTest {

    @Test
    void tryReserveWhenItFitsThenReservedUntilReleased() {
        AdmissionBudget budget = new AdmissionBudget(100);

        Optional<AdmissionBudget.Reservation> reservation = budget.tryReserve(60);

        assertThat(reservation).isPresent();
        assertThat(budget.reserved()).isEqualTo(60);
        reservation.get().release();
        assertThat(budget.reserved()).isZero();
    }

    @Test
    void tryReserveWhenOverWhatIsLeftThenRefusedAndNothingReserved() {
        AdmissionBudget budget = new AdmissionBudget(100);
        budget.tryReserve(60);

        assertThat(budget.tryReserve(41)).isEmpty();
        assertThat(budget.reserved()).isEqualTo(60);
        assertThat(budget.tryReserve(40)).isPresent();
    }

    @Test
    void releaseWhenRetainedThenGivenBackOnlyWhenTheLastHolderReleases() {
        AdmissionBudget budget = new AdmissionBudget(100);
        AdmissionBudget.Reservation reservation = budget.tryReserve(50).orElseThrow();
        assertThat(reservation.retain()).isTrue();

        reservation.release();
        assertThat(budget.reserved()).isEqualTo(50);
        reservation.release();
        assertThat(budget.reserved()).isZero();
    }

    @Test
    void retainWhenAlreadyGivenBackThenFalse() {
        AdmissionBudget budget = new AdmissionBudget(100);
        AdmissionBudget.Reservation reservation = budget.tryReserve(50).orElseThrow();
        reservation.release();

        assertThat(reservation.retain()).isFalse();
        assertThat(budget.reserved()).isZero();
    }

    @Test
    void releaseWhenMoreOftenThanHoldersThenGivesBackOnce() {
        AdmissionBudget budget = new AdmissionBudget(100);
        budget.tryReserve(30);
        AdmissionBudget.Reservation second = budget.tryReserve(50).orElseThrow();

        second.release();
        second.release();

        assertThat(budget.reserved()).isEqualTo(30);
    }

    @Test
    void tryReserveWhenHeavierThanTheWholeBudgetThenRunsAloneOnly() {
        AdmissionBudget budget = new AdmissionBudget(100);
        AdmissionBudget.Reservation small = budget.tryReserve(1).orElseThrow();

        assertThat(budget.tryReserve(1_000)).isEmpty();
        small.release();
        AdmissionBudget.Reservation heavy = budget.tryReserve(1_000).orElseThrow();

        assertThat(heavy.bytes()).isEqualTo(100);
        assertThat(budget.tryReserve(1)).isEmpty();
    }

    @Test
    void ofHeapShareWhenShareGivenThenThatShareOfTheHeap() {
        assertThat(AdmissionBudget.ofHeapShare(0.5, 1_000).capacity()).isEqualTo(500);
    }

    @Test
    void ofHeapShareWhenShareOutsideZeroToOneThenRefused() {
        assertThatThrownBy(() -> AdmissionBudget.ofHeapShare(0, 1_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AdmissionBudget.ofHeapShare(1.5, 1_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AdmissionBudget(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tryReserveWhenManyRaceThenExactlyAsManyAsFitWin() throws Exception {
        AdmissionBudget budget = new AdmissionBudget(10 * 7);
        int racers = 64;
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return budget.tryReserve(7).isPresent();
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<Boolean> result : results) {
                winners += result.get() ? 1 : 0;
            }

            assertThat(winners).isEqualTo(10);
            assertThat(budget.reserved()).isEqualTo(70);
        } finally {
            pool.shutdownNow();
        }
    }
}
