package dev.pressroom.manifest.pkg;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.imageio.ImageIO;

/** Real zip packages built in memory, plus byte-level patches for what zip tools refuse to write. */
public final class TestPackages {

    private final Map<String, byte[]> entries = new LinkedHashMap<>();

    public static TestPackages builder() {
        return new TestPackages();
    }

    public TestPackages add(String name, byte[] data) {
        entries.put(name, data);
        return this;
    }

    public TestPackages add(String name, String text) {
        return add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] zip() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static byte[] png(int width, int height) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB), "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rewrites a 2- or 4-byte field of the index-th central-directory record (APPNOTE.TXT §4.3.12). */
    public static byte[] patchCentral(byte[] zip, int index, int fieldOffset, long value, int width) {
        byte[] out = zip.clone();
        ByteBuffer buf = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        int seen = 0;
        for (int i = 0; i + 4 <= out.length; i++) {
            if (buf.getInt(i) == 0x02014b50) {
                if (seen++ == index) {
                    if (width == 2) {
                        buf.putShort(i + fieldOffset, (short) value);
                    } else {
                        buf.putInt(i + fieldOffset, (int) value);
                    }
                    return out;
                }
            }
        }
        throw new IllegalArgumentException("No central record " + index);
    }

    /** Marks the index-th entry as a Unix symlink (made by Unix, mode 0120777 in the external attributes). */
    public static byte[] symlink(byte[] zip, int index) {
        byte[] madeByUnix = patchCentral(zip, index, 4, (3 << 8) | 20, 2);
        return patchCentral(madeByUnix, index, 38, 0120777L << 16, 4);
    }
}
