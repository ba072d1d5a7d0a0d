package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Our Argon2id with the Java memory filling against RFC 9106's test vector and against Bouncy Castle's generator as
 * an independent reference (NativeMemoryFillTest holds the native filling to the Java one).
 */
class Argon2idTest {

    @Test
    void hashWhenRfc9106TestVectorThenItsTag() {
        // RFC 9106 §5.3: Argon2id, m=32 KiB, t=3, p=4, with secret and associated data.
        byte[] tag = new Argon2id(1, 32, new JavaMemoryFill()).hash(filled(32, 0x01), filled(16, 0x02), filled(8, 0x03),
                filled(12, 0x04), 32, 3, 4, 32);

        assertThat(HexFormat.of().formatHex(tag))
                .isEqualTo("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
    }

    @ParameterizedTest(name = "m={0} t={1} p={2} tag={3}")
    @CsvSource({
        "7168, 5, 1, 32",   // production
        "19456, 2, 1, 32",  // the accounts' earlier setting, rehashed at sign-in
        "8, 1, 1, 32",      // the smallest memory
        "64, 1, 2, 32",     // two lanes, one pass
        "37, 3, 2, 16",     // m not a multiple of 4p: 32 blocks used
        "1601, 2, 3, 64",   // three lanes, odd m, segments of 133 blocks (two address blocks each)
        "2048, 1, 1, 4",    // the shortest tag
        "256, 2, 2, 100",   // a tag over 64 bytes (chained H')
        "96, 3, 1, 1024"})  // a tag of a whole block
    void hashWhenRandomInputsThenSameAsBouncyCastle(int m, int t, int p, int tagLength) {
        Argon2id argon2 = new Argon2id(1, m, new JavaMemoryFill());
        Random random = new Random(m * 31L + t * 7L + p);
        for (int i = 0; i < 3; i++) {
            byte[] password = bytes(random, random.nextInt(40));
            byte[] salt = bytes(random, 8 + random.nextInt(25));

            assertThat(argon2.hash(password, salt, m, t, p, tagLength))
                    .isEqualTo(bouncyCastle(password, salt, new byte[0], new byte[0], m, t, p, tagLength));
        }
    }

    @Test
    void hashWhenSecretAndAssociatedDataThenSameAsBouncyCastle() {
        Random random = new Random(5);
        byte[] password = bytes(random, 12);
        byte[] salt = bytes(random, 16);
        byte[] key = bytes(random, 32);
        byte[] ad = bytes(random, 7);

        assertThat(new Argon2id(1, 512, new JavaMemoryFill()).hash(password, salt, key, ad, 512, 2, 2, 32))
                .isEqualTo(bouncyCastle(password, salt, key, ad, 512, 2, 2, 32));
    }

    @Test
    void hashWhenMoreMemoryThanTheAreasHoldThenStillRight() {
        // Older parameters than the pool is sized for get an area of their own for that hash.
        Argon2id argon2 = new Argon2id(1, 64, new JavaMemoryFill());
        byte[] password = "older hash".getBytes();
        byte[] salt = filled(16, 0x5a);

        assertThat(argon2.hash(password, salt, 1024, 2, 1, 32))
                .isEqualTo(bouncyCastle(password, salt, new byte[0], new byte[0], 1024, 2, 1, 32));
        assertThat(argon2.hash(password, salt, 64, 2, 1, 32))
                .isEqualTo(bouncyCastle(password, salt, new byte[0], new byte[0], 64, 2, 1, 32));
    }

    @Test
    void hashWhenAreaReusedThenNoTraceOfThePreviousHash() {
        Argon2id argon2 = new Argon2id(1, 2048, new JavaMemoryFill());
        byte[] salt = filled(16, 0x11);
        byte[] first = argon2.hash("one".getBytes(), salt, 2048, 1, 1, 32);

        argon2.hash("two".getBytes(), salt, 512, 3, 2, 32);

        assertThat(argon2.hash("one".getBytes(), salt, 2048, 1, 1, 32)).isEqualTo(first);
    }

    @Test
    void hashWhenManyThreadsShareTwoAreasThenEachGetsItsOwnTag() throws Exception {
        Argon2id argon2 = new Argon2id(2, 256, new JavaMemoryFill());
        int count = 48;
        byte[] salt = filled(16, 0x33);
        List<byte[]> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            expected.add(bouncyCastle(("password-" + i).getBytes(), salt, new byte[0], new byte[0], 256, 2, 1, 32));
        }
        ExecutorService threads = Executors.newFixedThreadPool(12);
        try {
            List<Future<byte[]>> tags = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] password = ("password-" + i).getBytes();
                tags.add(threads.submit(() -> argon2.hash(password, salt, 256, 2, 1, 32)));
            }
            for (int i = 0; i < count; i++) {
                assertThat(tags.get(i).get()).as("hash %d", i).isEqualTo(expected.get(i));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void hashWhenAnAreaCouldNotBeMadeThenTheNextHashStillGetsOne() throws Exception {
        JavaMemoryFill java = new JavaMemoryFill();
        AtomicInteger attempts = new AtomicInteger();
        MemoryFill failingOnce = new MemoryFill() {
            @Override
            public Area area(int blocks) {
                if (attempts.getAndIncrement() == 0) {
                    throw new IllegalStateException("no memory for the area");
                }
                return java.area(blocks);
            }

            @Override
            public String description() {
                return "fails once";
            }
        };
        Argon2id argon2 = new Argon2id(1, 64, failingOnce);
        byte[] salt = filled(16, 1);

        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, 64, 1, 1, 32)).hasMessageContaining("no memory");
        // With the pool's one slot lost, this hash would wait for an area forever.
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            byte[] tag = thread.submit(() -> argon2.hash(new byte[1], salt, 64, 1, 1, 32)).get(10, TimeUnit.SECONDS);
            assertThat(tag).isEqualTo(bouncyCastle(new byte[1], salt, new byte[0], new byte[0], 64, 1, 1, 32));
        } finally {
            thread.shutdownNow();
        }
    }

    @Test
    void hashWhenParametersOutOfRangeThenRefused() {
        Argon2id argon2 = new Argon2id(1, 64, new JavaMemoryFill());
        byte[] salt = filled(16, 1);

        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, 15, 1, 2, 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, 64, 0, 1, 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, 64, 1, 0, 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, 64, 1, 1, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] bouncyCastle(byte[] password, byte[] salt, byte[] key, byte[] ad, int m, int t, int p,
            int tagLength) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13).withMemoryAsKB(m).withIterations(t)
                .withParallelism(p).withSalt(salt).withSecret(key).withAdditional(ad).build());
        byte[] tag = new byte[tagLength];
        generator.generateBytes(password, tag);
        return tag;
    }

    private static byte[] filled(int length, int value) {
        byte[] b = new byte[length];
        java.util.Arrays.fill(b, (byte) value);
        return b;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
