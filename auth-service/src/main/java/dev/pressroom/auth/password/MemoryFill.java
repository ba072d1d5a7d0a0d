package dev.pressroom.auth.password;

/**
 * Argon2's memory filling (RFC 9106 §3.2 steps 5-6), the memory-hard part of a hash: in Java ({@link JavaMemoryFill})
 * or by the bundled native library ({@link NativeMemoryFill}). Both give the same blocks, so the same tags.
 */
interface MemoryFill {

    /** A zeroed work area of {@code blocks} KiB blocks; {@link Argon2id} keeps one per core and reuses it. */
    Area area(int blocks);

    /** What fills the memory, for the startup log line. */
    String description();

    /** One hash's memory. Never shared: a hash takes an area from the pool and gives it back when done. */
    interface Area {

        int blocks();

        /**
         * Fills {@code lanes} lanes of {@code laneLength} blocks for {@code passes} passes, starting from the first
         * two blocks of each lane ({@code firstBlocks}: lane 0's B[0][0] and B[0][1], then lane 1's, 256 words per
         * lane), and wipes the area afterwards (the blocks derive from the password).
         *
         * @return the XOR of the lanes' last blocks (128 words), the input of the final H'
         */
        long[] fill(long[] firstBlocks, int lanes, int laneLength, int passes);

        /** Gives the memory back now (an area made for one larger, older hash); pooled areas are kept. */
        void free();
    }
}
