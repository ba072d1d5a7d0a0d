package dev.pressroom.auth.password;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both implementations against RFC 9106's test vector, and the reference C (each of its memory fillings, forced by
 * a ceiling so a CPU with AVX-512 still tests AVX2 and portable C) against Bouncy Castle on random inputs.
 */
class Argon2idTest {

    private static final byte[] NONE = new byte[0];
    private static final Argon2id BOUNCY_CASTLE = new BouncyCastleArgon2id();

    /** The implementations under test: the reference C under each ceiling, then Bouncy Castle. */
    static List<String> implementations() {
        List<String> names = new ArrayList<>();
        for (NativeArgon2.Ceiling ceiling : NativeArgon2.Ceiling.values()) {
            names.add(ceiling.name());
        }
        names.add("BOUNCY_CASTLE");
        return names;
    }

    private static Argon2id implementation(String name, int areas, int areaKib) {
        return name.equals("BOUNCY_CASTLE")
                ? BOUNCY_CASTLE
                : NativeArgon2Available.reference(areas, areaKib, NativeArgon2.Ceiling.valueOf(name));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("implementations")
    void hashWhenRfc9106TestVectorThenItsTag(String name) {
        // RFC 9106 §5.3: Argon2id, m=32 KiB, t=3, p=4, with secret and associated data.
        byte[] tag = implementation(name, 1, 32)
                .hash(filled(32, 0x01), filled(16, 0x02), filled(8, 0x03), filled(12, 0x04), 32, 3, 4, 32);

        assertThat(HexFormat.of().formatHex(tag))
                .isEqualTo("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenRandomInputsThenSameAsBouncyCastle(NativeArgon2.Ceiling ceiling) {
        ReferenceArgon2id reference = NativeArgon2Available.reference(1, 7168, ceiling);
        Random random = new Random(ceiling.code);
        int[][] settings = {
            {7168, 5, 1, 32}, // production
            {19456, 2, 1, 32}, // the accounts' earlier setting, more than the area holds
            {8, 1, 1, 32}, // the smallest memory
            {64, 1, 2, 32}, // two lanes, one pass
            {37, 3, 2, 16}, // m not a multiple of 4p: 32 blocks used
            {1601, 2, 3, 64}, // three lanes, odd m, segments of 133 blocks (two address blocks each)
            {2048, 1, 1, 4}, // the shortest tag
            {256, 2, 2, 100}, // a tag over 64 bytes (chained H')
            {96, 3, 1, 1024}
        }; // a tag of a whole block
        for (int[] s : settings) {
            for (int i = 0; i < 3; i++) {
                byte[] password = bytes(random, random.nextInt(40));
                byte[] salt = bytes(random, 8 + random.nextInt(25));
                byte[] key = i == 2 ? bytes(random, 32) : NONE;
                byte[] ad = i == 2 ? bytes(random, 7) : NONE;

                assertThat(reference.hash(password, salt, key, ad, s[0], s[1], s[2], s[3]))
                        .as("m=%d t=%d p=%d tag=%d, try %d", s[0], s[1], s[2], s[3], i)
                        .isEqualTo(BOUNCY_CASTLE.hash(password, salt, key, ad, s[0], s[1], s[2], s[3]));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenAreaReusedThenNoTraceOfThePreviousHash(NativeArgon2.Ceiling ceiling) {
        ReferenceArgon2id reference = NativeArgon2Available.reference(1, 2048, ceiling);
        byte[] salt = filled(16, 0x11);
        byte[] first = reference.hash("one".getBytes(UTF_8), salt, NONE, NONE, 2048, 1, 1, 32);

        reference.hash("two".getBytes(UTF_8), salt, NONE, NONE, 512, 3, 2, 32);

        assertThat(reference.hash("one".getBytes(UTF_8), salt, NONE, NONE, 2048, 1, 1, 32))
                .isEqualTo(first);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenManyThreadsShareTwoAreasThenEachGetsItsOwnTag(NativeArgon2.Ceiling ceiling) throws Exception {
        ReferenceArgon2id reference = NativeArgon2Available.reference(2, 256, ceiling);
        int count = 48;
        byte[] salt = filled(16, 0x33);
        List<byte[]> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            expected.add(BOUNCY_CASTLE.hash(("password-" + i).getBytes(UTF_8), salt, NONE, NONE, 256, 2, 1, 32));
        }
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<Future<byte[]>> tags = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] password = ("password-" + i).getBytes(UTF_8);
                tags.add(threads.submit(() -> reference.hash(password, salt, NONE, NONE, 256, 2, 1, 32)));
            }
            for (int i = 0; i < count; i++) {
                assertThat(tags.get(i).get()).as("hash %d", i).isEqualTo(expected.get(i));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenDoneThenAreaWiped(NativeArgon2.Ceiling ceiling) throws Exception {
        NativeArgon2Available.reference(1, 64, ceiling);
        long bytes = 64 * 1024;
        long address = NativeArgon2.allocate(bytes);
        byte[] tag = new byte[32];

        assertThat(NativeArgon2.hash(
                        address, bytes, filled(8, 7), filled(16, 1), NONE, NONE, 64, 2, 2, ceiling.code, tag))
                .isZero();

        // The blocks derive from the password: none may stay in the area once the hash is done. The area is read
        // through /proc/self/mem (Linux, like the library), which needs no internal JDK API.
        byte[] area = new byte[(int) bytes];
        try (RandomAccessFile memory = new RandomAccessFile("/proc/self/mem", "r")) {
            memory.seek(address);
            memory.readFully(area);
        }
        long any = 0;
        for (byte b : area) {
            any |= b;
        }
        NativeArgon2.release(address, bytes);
        assertThat(any).isZero();
        assertThat(tag).isNotEqualTo(new byte[32]);
    }

    @Test
    void releaseIdleMemoryWhenAnAreaIsIdleThenItsPagesLeaveMemoryAndHashesStayTheSame() throws Exception {
        int kib = 64 * 1024;
        ReferenceArgon2id reference = NativeArgon2Available.reference(1, kib, NativeArgon2.Ceiling.ANY);
        byte[] salt = filled(16, 0x44);
        byte[] tag = reference.hash("idle".getBytes(UTF_8), salt, NONE, NONE, kib, 1, 1, 32);
        long resident = residentAnonymousKib();

        assertThat(reference.releaseIdleMemory(Duration.ZERO)).isEqualTo(1);

        // The 64 MiB the hash filled are gone, give or take what the JVM did meanwhile.
        assertThat(resident - residentAnonymousKib()).isGreaterThan(48 * 1024);
        assertThat(reference.releaseIdleMemory(Duration.ZERO))
                .as("an area discarded and not used since has nothing to give back")
                .isZero();
        assertThat(reference.hash("idle".getBytes(UTF_8), salt, NONE, NONE, kib, 1, 1, 32))
                .isEqualTo(tag);
    }

    @Test
    void releaseIdleMemoryWhenAnAreaWasUsedWithinTheIdleTimeThenKept() {
        ReferenceArgon2id reference = NativeArgon2Available.reference(2, 256, NativeArgon2.Ceiling.ANY);
        reference.hash("recent".getBytes(UTF_8), filled(16, 5), NONE, NONE, 256, 1, 1, 32);

        assertThat(reference.releaseIdleMemory(Duration.ofHours(1))).isZero();
        assertThat(reference.releaseIdleMemory(Duration.ZERO)).isEqualTo(1);
    }

    @Test
    void releaseIdleMemoryWhenHashesRunMeanwhileThenEachGetsItsOwnTag() throws Exception {
        ReferenceArgon2id reference = NativeArgon2Available.reference(2, 256, NativeArgon2.Ceiling.ANY);
        byte[] salt = filled(16, 0x55);
        int count = 200;
        ExecutorService threads = Executors.newFixedThreadPool(8);
        AtomicBoolean hashing = new AtomicBoolean(true);
        Thread releaser = new Thread(() -> {
            while (hashing.get()) {
                reference.releaseIdleMemory(Duration.ZERO);
            }
        });
        releaser.start();
        try {
            List<Future<byte[]>> tags = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] password = ("released-" + i).getBytes(UTF_8);
                tags.add(threads.submit(() -> reference.hash(password, salt, NONE, NONE, 256, 1, 1, 32)));
            }
            for (int i = 0; i < count; i++) {
                byte[] expected =
                        BOUNCY_CASTLE.hash(("released-" + i).getBytes(UTF_8), salt, NONE, NONE, 256, 1, 1, 32);
                assertThat(tags.get(i).get(30, TimeUnit.SECONDS))
                        .as("hash %d", i)
                        .isEqualTo(expected);
            }
        } finally {
            hashing.set(false);
            releaser.join();
            threads.shutdownNow();
        }
    }

    @Test
    void hashWhenAnAreaCannotBeMadeThenTheNextHashFailsTooInsteadOfWaiting() throws Exception {
        // An area of 2 TiB: more than the machine has, so mmap refuses it.
        ReferenceArgon2id reference = NativeArgon2Available.reference(1, Integer.MAX_VALUE, NativeArgon2.Ceiling.ANY);
        byte[] salt = filled(16, 1);

        assertThatThrownBy(() -> reference.hash(new byte[1], salt, NONE, NONE, 64, 1, 1, 32))
                .hasMessageContaining("no memory");
        // Had the first failure kept the pool's one slot, this hash would wait for an area forever.
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<byte[]> second = thread.submit(() -> reference.hash(new byte[1], salt, NONE, NONE, 64, 1, 1, 32));
            assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS)).hasMessageContaining("no memory");
        } finally {
            thread.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("implementations")
    void hashWhenParametersOutOfRangeThenRefused(String name) {
        Argon2id argon2 = implementation(name, 1, 64);
        byte[] salt = filled(16, 1);

        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, NONE, NONE, 15, 1, 2, 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, NONE, NONE, 64, 0, 1, 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, NONE, NONE, 64, 1, 0, 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], salt, NONE, NONE, 64, 1, 1, 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> argon2.hash(new byte[1], new byte[7], NONE, NONE, 64, 1, 1, 32))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hashWhenAnArrayIsNullThenRefusedBeforeTheCCode() {
        ReferenceArgon2id reference = NativeArgon2Available.reference(1, 64, NativeArgon2.Ceiling.ANY);
        byte[] salt = filled(16, 1);

        assertThatThrownBy(() -> reference.hash(null, salt, NONE, NONE, 64, 1, 1, 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> reference.hash(new byte[1], salt, null, NONE, 64, 1, 1, 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> reference.hash(new byte[1], salt, NONE, NONE, 64, 1, 1, -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void descriptionWhenCeilingGivenThenNamesTheFastestCodeTheCpuHasUnderIt() throws Exception {
        // Every CPU runs this (no skip): what each ceiling must pick follows from the CPU's flags.
        String cpu = Files.readString(Path.of("/proc/cpuinfo"));
        boolean avx2 = cpu.contains(" avx2");
        String underAvx2 = avx2 ? "AVX2" : "portable C";
        String any = cpu.contains(" avx512f") && avx2 ? "AVX-512F" : underAvx2;

        assertThat(NativeArgon2Available.reference(1, 8, NativeArgon2.Ceiling.ANY)
                        .description())
                .isEqualTo("Argon2id by the reference C (" + any + ")");
        assertThat(NativeArgon2Available.reference(1, 8, NativeArgon2.Ceiling.AVX2)
                        .description())
                .isEqualTo("Argon2id by the reference C (" + underAvx2 + ")");
        assertThat(NativeArgon2Available.reference(1, 8, NativeArgon2.Ceiling.PORTABLE)
                        .description())
                .isEqualTo("Argon2id by the reference C (portable C)");
    }

    /** RssAnon of /proc/self/status: the process's resident anonymous memory, where mmap'd areas count. */
    private static long residentAnonymousKib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("RssAnon:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException("no RssAnon in /proc/self/status");
    }

    private static byte[] filled(int length, int value) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) value);
        return b;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
