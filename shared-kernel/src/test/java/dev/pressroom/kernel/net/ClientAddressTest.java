package dev.pressroom.kernel.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientAddressTest {

    @ParameterizedTest
    @CsvSource({
        "198.51.100.7, 198.51.100.7",
        "2001:db8:1:2:aaaa:bbbb:cccc:dddd, 2001:db8:1:2::/64",
        "2001:db8:1:2::1, 2001:db8:1:2::/64",
        "::ffff:198.51.100.7, 198.51.100.7",
        "::1, ::/64",
        "not-an-address, unknown",
        "'', unknown"
    })
    void limitKeyWhenAddressThenIpv4AsIsAndIpv6ByItsSlash64(String address, String key) {
        assertThat(ClientAddress.limitKey(address)).isEqualTo(key);
    }
}
