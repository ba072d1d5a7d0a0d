package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.TestManifests;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Valid add-on packages written in the many ways real zip tools write them (stored or deflated, data descriptors,
 * Unix or MS-DOS attributes, extra fields, folders), then mutated the ways the parser differentials of the zip format
 * work (bytes before, between or after the records, a second central directory, disagreeing headers, second names,
 * ZIP64 fields, colliding names, attributes that change an entry's type, flipped bytes). Every choice comes from
 * {@code pick}, so a seeded Random replays a corpus and a fuzzer's bytes steer one.
 */
final class PackageGenerator {

    static final byte[] MANIFEST = TestManifests.theme(m -> m.put("icon", "icon.svg"));
    static final byte[] ICON =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\"><rect width=\"8\" height=\"8\"/></svg>"
                    .getBytes(StandardCharsets.UTF_8);
    private static final String[] EXTRA_NAMES = {
        "README.md",
        "readme.md",
        "assets/logo.svg",
        "assets/",
        "caf\u00e9.txt",
        "cafe\u0301.txt",
        "docs/a/b.txt",
        "notes.txt",
        "Notes.txt",
        "tokens.json/x",
        "\u00fcber.css",
        "a.txt",
    };
    private static final int MUTATIONS = 18;

    /** Chooses a number from 0 to bound - 1. */
    private final IntUnaryOperator pick;

    PackageGenerator(IntUnaryOperator pick) {
        this.pick = pick;
    }

    /** A package, mutated none to two times. */
    byte[] next() {
        RawZip zip = new RawZip();
        List<RawZip.Entry> entries = new ArrayList<>();
        add(zip, entries, "manifest.json", MANIFEST);
        add(zip, entries, "tokens.json", "{\"color\":\"#123456\"}".getBytes(StandardCharsets.UTF_8));
        add(zip, entries, "icon.svg", ICON);
        for (int i = pick.applyAsInt(4); i > 0; i--) {
            String name = EXTRA_NAMES[pick.applyAsInt(EXTRA_NAMES.length)];
            add(zip, entries, name, name.endsWith("/") ? new byte[0] : text(pick.applyAsInt(3000)));
        }
        int mutations = pick.applyAsInt(3);
        List<int[]> flips = new ArrayList<>();
        for (int i = 0; i < mutations; i++) {
            mutate(zip, entries, flips);
        }
        byte[] bytes = zip.zip();
        for (int[] flip : flips) {
            bytes[flip[0] % bytes.length] ^= (byte) flip[1];
        }
        return bytes;
    }

    private void add(RawZip zip, List<RawZip.Entry> entries, String name, byte[] data) {
        zip.add(name, data, e -> {
            e.deflate = !name.endsWith("/") && pick.applyAsInt(2) == 0;
            e.descriptor = e.deflate && pick.applyAsInt(3) == 0;
            if (pick.applyAsInt(2) == 0) {
                e.madeBy = RawZip.UNIX;
                e.externalAttributes = (name.endsWith("/") ? 040755L : 0100644L) << 16;
            } else if (name.endsWith("/")) {
                e.externalAttributes = 0x10;
            }
            if (pick.applyAsInt(3) == 0) {
                e.localExtra = timestamp(9);
                e.centralExtra = timestamp(5);
            }
            entries.add(e);
        });
    }

    private void mutate(RawZip zip, List<RawZip.Entry> entries, List<int[]> flips) {
        RawZip.Entry e = entries.get(pick.applyAsInt(entries.size()));
        byte[] junk = text(1 + pick.applyAsInt(40));
        switch (pick.applyAsInt(MUTATIONS)) {
            case 0 -> zip.prefix(junk);
            case 1 -> zip.beforeEnd(junk);
            case 2 -> zip.comment(pick.applyAsInt(2) == 0 ? junk : RawZip.emptyEndRecord());
            case 3 -> e.hiddenBefore = junk;
            case 4 -> e.localName = "../x/" + e.localName;
            case 5 ->
                e.centralExtra = RawZip.unicodePath(e.centralName, pick.applyAsInt(2) == 0 ? e.centralName : "evil.sh");
            case 6 -> e.localExtra = RawZip.zip64Field(e.data.length, e.data.length);
            case 7 -> e.externalAttributes |= 0x10;
            case 8 -> {
                e.madeBy = RawZip.UNIX;
                e.externalAttributes = new long[] {0120777L, 0010644L, 040755L, 0100644L}[pick.applyAsInt(4)] << 16;
            }
            case 9 -> e.localMethod = e.deflate ? 0 : 8;
            case 10 -> e.afterData = junk;
            case 11 -> e.flags |= 0x40;
            case 12 -> {
                e.flags &= ~RawZip.UTF8;
                e.rawName = e.centralName.getBytes(StandardCharsets.ISO_8859_1);
            }
            case 13 -> flips.add(new int[] {pick.applyAsInt(1 << 20), 1 + pick.applyAsInt(255)});
            case 14 -> add(zip, entries, e.centralName, text(10));
            case 15 -> add(zip, entries, e.centralName.toUpperCase(java.util.Locale.ROOT), text(10));
            case 16 -> e.descriptor = !e.descriptor;
            default -> e.localSize = e.data.length + 1L;
        }
    }

    /**
     * The central-directory gap of the outside review: {@code clean}'s entries and directory, then {@code hidden}'s
     * entries and directory, then an end record pointing at the clean directory. Extractors that locate the directory
     * at end - size read the hidden one, with its offsets shifted as they shift them. The clean entries must take at
     * least as many bytes as the hidden ones.
     */
    static byte[] centralDirectoryGap(List<Named> clean, List<Named> hidden) {
        int difference = size(build(clean, 0)) - size(build(hidden, 0));
        // An extra field adds at least 4 bytes, so a difference of 1 to 3 pads both.
        int both = difference != 0 && Math.abs(difference) < 4 ? 4 : 0;
        byte[] a = build(clean, both + Math.max(0, -difference));
        byte[] h = build(hidden, both + Math.max(0, difference));
        int delta = offset(a) - offset(h);
        if (delta < 0) {
            throw new IllegalArgumentException("the clean entries must be at least as large as the hidden ones");
        }
        ByteBuffer hiddenZip = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = offset(h); at < h.length - 22; ) {
            hiddenZip.putInt(at + 42, hiddenZip.getInt(at + 42) + delta);
            at += 46
                    + (hiddenZip.getShort(at + 28) & 0xFFFF)
                    + (hiddenZip.getShort(at + 30) & 0xFFFF)
                    + (hiddenZip.getShort(at + 32) & 0xFFFF);
        }
        byte[] out = Arrays.copyOf(a, a.length - 22 + h.length);
        System.arraycopy(h, 0, out, a.length - 22, h.length - 22);
        System.arraycopy(a, a.length - 22, out, out.length - 22, 22);
        return out;
    }

    /** A named entry for {@link #centralDirectoryGap}: a file, or a symlink to {@code data} when {@code symlink}. */
    // The bytes are only written into a zip, never compared or hashed through the record.
    @SuppressWarnings("ArrayRecordComponent")
    record Named(String name, byte[] data, boolean symlink) {
        static Named file(String name, byte[] data) {
            return new Named(name, data, false);
        }
    }

    /** Stored entries; the last one's central record padded by an extra field of {@code pad} (0, or 4 or more) bytes. */
    private static byte[] build(List<Named> entries, int pad) {
        RawZip zip = new RawZip();
        for (int i = 0; i < entries.size(); i++) {
            Named n = entries.get(i);
            boolean last = i == entries.size() - 1;
            zip.add(n.name(), n.data(), e -> {
                if (n.symlink()) {
                    e.madeBy = RawZip.UNIX;
                    e.externalAttributes = 0120777L << 16;
                }
                if (last && pad > 0) {
                    e.centralExtra = RawZip.extraField(0x5455, new byte[Math.max(0, pad - 4)]);
                }
            });
        }
        return zip.zip();
    }

    private static int size(byte[] zip) {
        return ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).getInt(zip.length - 22 + 12);
    }

    private static int offset(byte[] zip) {
        return ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).getInt(zip.length - 22 + 16);
    }

    /** An extended timestamp field (0x5455) of the given payload size (9 in local headers, 5 in central ones). */
    private static byte[] timestamp(int size) {
        byte[] payload = new byte[size];
        payload[0] = (byte) (size == 9 ? 3 : 1);
        return RawZip.extraField(0x5455, payload);
    }

    private byte[] text(int length) {
        byte[] text = new byte[length];
        for (int i = 0; i < length; i++) {
            text[i] = (byte) ('a' + pick.applyAsInt(26));
        }
        return text;
    }
}
