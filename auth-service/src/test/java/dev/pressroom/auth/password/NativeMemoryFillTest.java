package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import sun.misc.Unsafe;

/**
 * The native memory filling with each compression function (the fastest the CPU has, AVX-512VL here; AVX2; and the
 * portable C that aarch64 and older x86 run), against RFC 9106's test vector and byte for byte against the Java one.
 */
class NativeMemoryFillTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenRfc9106TestVectorThenItsTag(NativeArgon2.Ceiling ceiling) {
        // RFC 9106 §5.3: Argon2id, m=32 KiB, t=3, p=4, with secret and associated data.
        byte[] tag = new Argon2id(1, 32, NativeArgon2Available.fill(ceiling)).hash(filled(32, 0x01), filled(16, 0x02),
                filled(8, 0x03), filled(12, 0x04), 32, 3, 4, 32);

        assertThat(HexFormat.of().formatHex(tag))
                .isEqualTo("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenRandomParametersThenSameAsJava(NativeArgon2.Ceiling ceiling) {
        Argon2id fast = new Argon2id(1, 2048, NativeArgon2Available.fill(ceiling));
        Argon2id java = new Argon2id(1, 2048, new JavaMemoryFill());
        Random random = new Random(ceiling.ordinal() * 7 + 5);
        for (int i = 0; i < 60; i++) {
            int lanes = 1 + random.nextInt(i % 3 == 0 ? 1 : 5);
            // Any memory from the least for these lanes, multiples of 4p or not, now and then more than the pool holds.
            int memoryKib = 8 * lanes + random.nextInt(i % 10 == 0 ? 4000 : 600);
            int passes = 1 + random.nextInt(4);
            int tagLength = 4 + random.nextInt(i % 4 == 0 ? 1100 : 60);
            byte[] password = bytes(random, random.nextInt(64));
            byte[] salt = bytes(random, 8 + random.nextInt(25));
            byte[] key = bytes(random, random.nextInt(3) == 0 ? 16 : 0);
            byte[] ad = bytes(random, random.nextInt(3) == 0 ? 9 : 0);

            assertThat(fast.hash(password, salt, key, ad, memoryKib, passes, lanes, tagLength))
                    .as("m=%d t=%d p=%d tag=%d", memoryKib, passes, lanes, tagLength)
                    .isEqualTo(java.hash(password, salt, key, ad, memoryKib, passes, lanes, tagLength));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenProductionParametersThenSameAsJava(NativeArgon2.Ceiling ceiling) {
        byte[] password = "correct horse battery staple".getBytes();
        byte[] salt = filled(16, 0x42);

        assertThat(new Argon2id(1, 7168, NativeArgon2Available.fill(ceiling)).hash(password, salt, 7168, 5, 1, 32))
                .isEqualTo(new Argon2id(1, 7168, new JavaMemoryFill()).hash(password, salt, 7168, 5, 1, 32));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void hashWhenManyThreadsShareTwoAreasThenEachGetsItsOwnTag(NativeArgon2.Ceiling ceiling) throws Exception {
        Argon2id fast = new Argon2id(2, 512, NativeArgon2Available.fill(ceiling));
        Argon2id java = new Argon2id(1, 512, new JavaMemoryFill());
        int count = 64;
        byte[] salt = filled(16, 0x33);
        List<byte[]> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            expected.add(java.hash(("password-" + i).getBytes(), salt, 512, 2, 1 + i % 2, 32));
        }
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<Future<byte[]>> tags = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] password = ("password-" + i).getBytes();
                int lanes = 1 + i % 2;
                tags.add(threads.submit(() -> fast.hash(password, salt, 512, 2, lanes, 32)));
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
    void fillWhenDoneThenAreaWiped(NativeArgon2.Ceiling ceiling) throws Exception {
        NativeArgon2Available.fill(ceiling);
        long bytes = 64 * 1024;
        long address = NativeArgon2.allocate(bytes);
        long[] first = new long[2 * 2 * 128];
        Arrays.fill(first, 0x5a5a5a5a5a5a5a5aL);
        long[] last = new long[128];

        assertThat(NativeArgon2.fill(address, first, 2, 32, 2, ceiling.ordinal(), last)).isZero();

        // The blocks derive from the password: none may stay in the area once the hash is done.
        Field field = Unsafe.class.getDeclaredField("theUnsafe");
        field.setAccessible(true);
        Unsafe memory = (Unsafe) field.get(null);
        long any = 0;
        for (long offset = 0; offset < bytes; offset += 8) {
            any |= memory.getLong(address + offset);
        }
        NativeArgon2.release(address, bytes);
        assertThat(any).isZero();
        assertThat(last).isNotEqualTo(new long[128]);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(NativeArgon2.Ceiling.class)
    void fillWhenArgumentsOutOfRangeThenRefused(NativeArgon2.Ceiling ceiling) {
        MemoryFill.Area area = NativeArgon2Available.fill(ceiling).area(64);

        assertThatThrownBy(() -> area.fill(new long[256], 2, 32, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> area.fill(new long[256], 1, 30, 1)).isInstanceOf(IllegalStateException.class);
        area.free();
    }

    @Test
    void descriptionWhenCpuHasAvx512vlThenEachCeilingNamesItsCode() throws Exception {
        String cpu = Files.readString(Path.of("/proc/cpuinfo"));
        assumeTrue(cpu.contains(" avx512vl") && cpu.contains(" avx2"), "no AVX-512VL on this CPU");

        assertThat(NativeArgon2Available.fill(NativeArgon2.Ceiling.ANY).description()).isEqualTo("native code (AVX-512VL)");
        assertThat(NativeArgon2Available.fill(NativeArgon2.Ceiling.AVX2).description()).isEqualTo("native code (AVX2)");
        assertThat(NativeArgon2Available.fill(NativeArgon2.Ceiling.PORTABLE).description())
                .isEqualTo("native code (portable C)");
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
