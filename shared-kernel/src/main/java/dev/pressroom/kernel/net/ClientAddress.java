package dev.pressroom.kernel.net;

import io.netty.util.NetUtil;
import io.vertx.core.http.HttpServerRequest;
import java.util.Arrays;

/**
 * The client's address as every per-client limit counts it. Vert.x takes it from X-Forwarded-For only when the peer is
 * a trusted proxy (quarkus.http.proxy.trusted-proxies, TRUSTED_PROXIES; a kernel default); from anyone else it is the
 * peer's own address. An IPv6 client counts by its /64, the block one subscriber is usually given (RFC 6177), so that
 * stepping through the addresses of one's own block does not reset the limits.
 */
public final class ClientAddress {

    private ClientAddress() {}

    /** The request's client, as {@link #limitKey} writes it. */
    public static String of(HttpServerRequest request) {
        return request.remoteAddress() == null
                ? "unknown"
                : limitKey(request.remoteAddress().hostAddress());
    }

    /** The IPv4 address, or the /64 of an IPv6 address; "unknown" for anything that is not an IP address. */
    public static String limitKey(String ip) {
        byte[] bytes = ip == null ? null : NetUtil.createByteArrayFromIpAddressString(ip);
        if (bytes == null) {
            return "unknown";
        }
        if (bytes.length == 16 && isIpv4Mapped(bytes)) {
            bytes = Arrays.copyOfRange(bytes, 12, 16);
        }
        if (bytes.length == 4) {
            return NetUtil.bytesToIpAddress(bytes);
        }
        Arrays.fill(bytes, 8, 16, (byte) 0);
        return NetUtil.bytesToIpAddress(bytes) + "/64";
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
    }
}
