package dev.pressroom.kernel.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedisScriptsTest {

    @Test
    void digestWhenScriptThenTheNameRedisGivesIt() {
        // redis-cli SCRIPT LOAD "return 1"
        assertThat(RedisScripts.digest("return 1")).isEqualTo("e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
        assertThat(RedisScripts.digest("return 1")).isEqualTo("e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
    }

    @Test
    void notLoadedWhenNoscriptReplyThenTrueAndOtherErrorsFalse() {
        assertThat(RedisScripts.notLoaded(new IllegalStateException("NOSCRIPT No matching script. Please use EVAL.")))
                .isTrue();
        assertThat(RedisScripts.notLoaded(new IllegalStateException("ERR wrong number of arguments")))
                .isFalse();
        assertThat(RedisScripts.notLoaded(new IllegalStateException())).isFalse();
    }
}
