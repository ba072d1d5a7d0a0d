package dev.pressroom.kernel.outbound;

import java.net.InetAddress;
import java.util.Optional;

/**
 * Which addresses a call to a URL that someone else chose may reach: public unicast only. Everything a server can
 * reach but the public cannot is refused (loopback, private, carrier-grade NAT, link-local with the cloud metadata
 * address 169.254.169.254, unique-local with AWS's fd00:ec2::254, multicast, unspecified), so a registering client
 * cannot turn our requests against our own network (SSRF). IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) is
 * judged by the IPv4 address it carries.
 */
public final class OutboundAddresses {

    private OutboundAddresses() {}

    /** Why the address may not be called, or empty when it may. Loopback is allowed only when asked (tests). */
    public static Optional<String> refusal(InetAddress address, boolean allowLoopback) {
        byte[] ip = embeddedIpv4(address.getAddress());
        if (ip.length == 4) {
            return refusalIpv4(ip, allowLoopback);
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? Optional.empty() : Optional.of("is a loopback address");
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("is the unspecified address");
        }
        if (address.isLinkLocalAddress() || ((ip[0] & 0xff) == 0xfe && (ip[1] & 0xc0) == 0xc0)) {
            return Optional.of("is a link-local address"); // fe80::/10, and the deprecated site-local fec0::/10
        }
        if ((ip[0] & 0xfe) == 0xfc) {
            return Optional.of("is a unique-local address"); // fc00::/7 (RFC 4193)
        }
        if (address.isMulticastAddress()) {
            return Optional.of("is a multicast address");
        }
        if ((ip[0] & 0xe0) != 0x20) {
            return Optional.of("is not a global unicast address"); // only 2000::/3 is assigned (RFC 4291 §2.4)
        }
        return Optional.empty();
    }

    private static Optional<String> refusalIpv4(byte[] ip, boolean allowLoopback) {
        int a = ip[0] & 0xff;
        int b = ip[1] & 0xff;
        if (a == 127) {
            return allowLoopback ? Optional.empty() : Optional.of("is a loopback address");
        }
        if (a == 0) {
            return Optional.of("is in 0.0.0.0/8 (this network)");
        }
        if (a == 10 || (a == 172 && (b & 0xf0) == 16) || (a == 192 && b == 168)) {
            return Optional.of("is a private address (RFC 1918)");
        }
        if (a == 100 && (b & 0xc0) == 64) {
            return Optional.of("is a shared address (RFC 6598, carrier-grade NAT)");
        }
        if (a == 169 && b == 254) {
            return Optional.of("is a link-local address (cloud metadata lives here)");
        }
        if (a == 192 && b == 0 && (ip[2] & 0xff) == 0) {
            return Optional.of("is an IETF protocol assignment (RFC 6890)");
        }
        if (a == 198 && (b & 0xfe) == 18) {
            return Optional.of("is a benchmarking address (RFC 2544)");
        }
        if (a >= 224) {
            return Optional.of("is a multicast or reserved address");
        }
        return Optional.empty();
    }

    /** The IPv4 address an IPv6 address carries (mapped, compatible, 64:ff9b::/96, 2002::/16), else the address. */
    private static byte[] embeddedIpv4(byte[] ip) {
        if (ip.length == 4) {
            return ip;
        }
        boolean zeroPrefix = allZero(ip, 0, 10);
        boolean mapped = zeroPrefix && (ip[10] & 0xff) == 0xff && (ip[11] & 0xff) == 0xff;
        boolean compatible = zeroPrefix && ip[10] == 0 && ip[11] == 0 && !allZero(ip, 12, 15);
        if (mapped || compatible) {
            return new byte[] {ip[12], ip[13], ip[14], ip[15]};
        }
        if ((ip[0] & 0xff) == 0x00
                && (ip[1] & 0xff) == 0x64
                && (ip[2] & 0xff) == 0xff
                && (ip[3] & 0xff) == 0x9b
                && allZero(ip, 4, 12)) {
            return new byte[] {ip[12], ip[13], ip[14], ip[15]};
        }
        if ((ip[0] & 0xff) == 0x20 && (ip[1] & 0xff) == 0x02) {
            return new byte[] {ip[2], ip[3], ip[4], ip[5]};
        }
        return ip;
    }

    private static boolean allZero(byte[] ip, int from, int to) {
        for (int i = from; i < to; i++) {
            if (ip[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
