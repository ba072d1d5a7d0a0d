package dev.pressroom.content.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class HmacSha256Test {

    @Test
    void ofWhenRfc4231TestCase2ThenItsMac() {
        // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?", 5bdcc146...64ec3843 in base64url.
        assertThat(new HmacSha256("Jefe").of("what do ya want for nothing?"))
                .isEqualTo("W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM");
    }

    @Test
    void ofWhenCalledAgainThenTheSameMac() {
        HmacSha256 hmac = new HmacSha256("key");

        String first = hmac.of("text");
        hmac.of("something else");

        assertThat(hmac.of("text")).isEqualTo(first);
    }

    @Test
    void ofWhenManyThreadsAtOnceThenEachGetsItsInputsMac() throws Exception {
        HmacSha256 hmac = new HmacSha256("Jefe");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        String text = i % 2 == 0 ? "what do ya want for nothing?" : "other";
                        String expected = i % 2 == 0 ? "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM" : hmac.of("other");
                        if (!hmac.of(text).equals(expected)) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
