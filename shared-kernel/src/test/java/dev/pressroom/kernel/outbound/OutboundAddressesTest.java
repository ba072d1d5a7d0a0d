package dev.pressroom.kernel.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OutboundAddressesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "::1",
                "0.0.0.0",
                "::",
                "10.1.2.3",
                "172.16.0.1",
                "172.31.255.255",
                "192.168.1.1",
                "100.64.0.1",
                "100.100.100.200",
                "169.254.169.254",
                "192.0.0.170",
                "198.18.0.1",
                "224.0.0.1",
                "255.255.255.255",
                "fe80::1",
                "fec0::1",
                "fc00::1",
                "fd00:ec2::254",
                "ff02::1",
                "::ffff:10.0.0.1",
                "::ffff:127.0.0.1",
                "::ffff:169.254.169.254",
                "64:ff9b::a9fe:a9fe",
                "2002:a9fe:a9fe::1",
                "100::1"
            })
    void refusalWhenNotPublicUnicastThenRefused(String address) throws UnknownHostException {
        assertThat(OutboundAddresses.refusal(InetAddress.getByName(address), false))
                .as(address)
                .isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"})
    void refusalWhenPublicUnicastThenAllowed(String address) throws UnknownHostException {
        assertThat(OutboundAddresses.refusal(InetAddress.getByName(address), false))
                .as(address)
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "::1", "::ffff:127.0.0.1"})
    void refusalWhenLoopbackAllowedThenOnlyLoopbackPasses(String address) throws UnknownHostException {
        assertThat(OutboundAddresses.refusal(InetAddress.getByName(address), true))
                .isEmpty();
        assertThat(OutboundAddresses.refusal(InetAddress.getByName("10.0.0.1"), true))
                .isPresent();
    }
}
