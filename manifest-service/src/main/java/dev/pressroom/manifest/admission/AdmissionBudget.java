package dev.pressroom.manifest.admission;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory the requests in flight may hold, in bytes. A request reserves its weight before its body is read and
 * gives it back when both its answer has ended and its validation is done; a request that does not fit is refused at
 * once, never queued. A request heavier
 * than the whole budget is weighed as the whole budget, so it still runs, alone.
 */
public final class AdmissionBudget {

    private final long capacity;
    private final AtomicLong reserved = new AtomicLong();

    public AdmissionBudget(long capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("The admission budget must be positive, not " + capacity + " bytes.");
        }
        this.capacity = capacity;
    }

    /** The budget sized as a share (0-1] of the heap this JVM may grow to. */
    public static AdmissionBudget ofHeapShare(double share, long maxHeap) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("The admission heap share must be in (0, 1], not " + share + ".");
        }
        return new AdmissionBudget((long) (share * maxHeap));
    }

    /** A reservation of {@code weight} bytes, or empty when the requests in flight leave too little room. */
    public Optional<Reservation> tryReserve(long weight) {
        long bytes = Math.min(Math.max(weight, 0), capacity);
        long before;
        do {
            before = reserved.get();
            if (before + bytes > capacity) {
                return Optional.empty();
            }
        } while (!reserved.compareAndSet(before, before + bytes));
        return Optional.of(new Reservation(bytes));
    }

    public long capacity() {
        return capacity;
    }

    /** Bytes reserved by the requests in flight. */
    public long reserved() {
        return reserved.get();
    }

    /**
     * Bytes held for one request by each party that needs them: the request itself (until its answer ends or its
     * connection closes) and, once {@link #retain() retained}, the validation under way (a client may leave while its
     * upload is still being validated). The bytes go back when the last holder releases.
     */
    public final class Reservation {

        private final long bytes;
        private final AtomicInteger holders = new AtomicInteger(1);

        private Reservation(long bytes) {
            this.bytes = bytes;
        }

        public long bytes() {
            return bytes;
        }

        /** One more holder; false when the bytes were already given back (the request is over). */
        public boolean retain() {
            int before;
            do {
                before = holders.get();
                if (before == 0) {
                    return false;
                }
            } while (!holders.compareAndSet(before, before + 1));
            return true;
        }

        /** One holder is done; each releases once. Never below zero, so a stray extra release gives back nothing. */
        public void release() {
            if (holders.getAndUpdate(n -> Math.max(0, n - 1)) == 1) {
                reserved.addAndGet(-bytes);
            }
        }
    }
}
