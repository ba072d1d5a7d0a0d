package dev.pressroom.manifest.pkg;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A zip written byte by byte (APPNOTE.TXT §4.3), so a test can make the local header and the central directory
 * disagree, hide bytes before, between or after the records, add extra fields, flags and attributes: what no zip tool
 * will write but an attacker can. Every field starts truthful; a test changes the ones it lies about.
 */
final class RawZip {

    static final int UTF8 = 0x800;
    static final int DESCRIPTOR = 0x8;
    static final int UNIX = 3 << 8 | 20;

    /** One entry; every field starts consistent and a test changes the ones it lies about. */
    static final class Entry {
        String centralName;
        String localName;
        /** The name's bytes when set, for both headers (names that are not UTF-8). */
        byte[] rawName;

        byte[] data;
        boolean deflate;
        /** Written after the compressed data and counted in the compressed size. */
        byte[] afterData = new byte[0];
        /** CRC-32 and sizes in a data descriptor (with its signature) after the data, zero in the local header. */
        boolean descriptor;

        int flags = UTF8;
        int madeBy = 20; // MS-DOS, version 2.0
        long externalAttributes;
        /** -1: truthful. */
        int localMethod = -1;

        long localCrc = -1;
        long localSize = -1;
        byte[] localExtra = new byte[0];
        byte[] centralExtra = new byte[0];
        byte[] hiddenBefore = new byte[0];

        private Entry(String name, byte[] data) {
            this.centralName = name;
            this.localName = name;
            this.data = data;
        }

        private int method() {
            return deflate ? 8 : 0;
        }

        private byte[] stored() {
            byte[] packed = deflate ? deflate(data) : data;
            byte[] out = Arrays.copyOf(packed, packed.length + afterData.length);
            System.arraycopy(afterData, 0, out, packed.length, afterData.length);
            return out;
        }

        private int allFlags() {
            return flags | (descriptor ? DESCRIPTOR : 0);
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private int extraCountOnDisk;
    private byte[] prefix = new byte[0];
    private byte[] beforeEnd = new byte[0];
    private byte[] comment = new byte[0];

    RawZip add(String name, String text) {
        return add(name, text.getBytes(StandardCharsets.UTF_8), e -> {});
    }

    RawZip add(String name, byte[] data, Consumer<Entry> lie) {
        Entry entry = new Entry(name, data);
        lie.accept(entry);
        entries.add(entry);
        return this;
    }

    /** Makes the end record's "entries on this disk" differ from its total. */
    RawZip miscountOnDisk(int difference) {
        extraCountOnDisk = difference;
        return this;
    }

    /** Bytes before the first entry (a self-extractor's stub, or a hiding place). */
    RawZip prefix(byte[] bytes) {
        prefix = bytes;
        return this;
    }

    /** Bytes between the central directory and the end record. */
    RawZip beforeEnd(byte[] bytes) {
        beforeEnd = bytes;
        return this;
    }

    /** The archive comment, after the end record. */
    RawZip comment(byte[] bytes) {
        comment = bytes;
        return this;
    }

    byte[] zip() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(prefix);
        List<Integer> offsets = new ArrayList<>();
        List<byte[]> stored = new ArrayList<>();
        for (Entry e : entries) {
            out.writeBytes(e.hiddenBefore);
            offsets.add(out.size() - prefix.length);
            byte[] data = e.stored();
            stored.add(data);
            byte[] name = e.rawName != null ? e.rawName : utf8(e.localName);
            boolean zeros = e.descriptor && e.localCrc < 0 && e.localSize < 0;
            long crc = zeros ? 0 : e.localCrc >= 0 ? e.localCrc : crc(e.data);
            long size = zeros ? 0 : e.localSize >= 0 ? e.localSize : data.length;
            long unpacked = zeros ? 0 : e.localSize >= 0 ? e.localSize : e.data.length;
            ByteBuffer local = buffer(30);
            local.putInt(0x04034b50)
                    .putShort((short) 20)
                    .putShort((short) e.allFlags())
                    .putShort((short) (e.localMethod >= 0 ? e.localMethod : e.method()))
                    .putInt(0)
                    .putInt((int) crc)
                    .putInt((int) size)
                    .putInt((int) unpacked)
                    .putShort((short) name.length)
                    .putShort((short) e.localExtra.length);
            out.writeBytes(bytes(local));
            out.writeBytes(name);
            out.writeBytes(e.localExtra);
            out.writeBytes(data);
            if (e.descriptor) {
                ByteBuffer descriptor = buffer(16);
                descriptor
                        .putInt(0x08074b50)
                        .putInt((int) crc(e.data))
                        .putInt(data.length)
                        .putInt(e.data.length);
                out.writeBytes(bytes(descriptor));
            }
        }
        int centralStart = out.size() - prefix.length;
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            byte[] name = e.rawName != null ? e.rawName : utf8(e.centralName);
            ByteBuffer central = buffer(46);
            central.putInt(0x02014b50)
                    .putShort((short) e.madeBy)
                    .putShort((short) 20)
                    .putShort((short) e.allFlags())
                    .putShort((short) e.method())
                    .putInt(0)
                    .putInt((int) crc(e.data))
                    .putInt(stored.get(i).length)
                    .putInt(e.data.length)
                    .putShort((short) name.length)
                    .putShort((short) e.centralExtra.length)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putInt((int) e.externalAttributes)
                    .putInt(offsets.get(i));
            out.writeBytes(bytes(central));
            out.writeBytes(name);
            out.writeBytes(e.centralExtra);
        }
        int centralSize = out.size() - prefix.length - centralStart;
        out.writeBytes(beforeEnd);
        ByteBuffer end = buffer(22);
        end.putInt(0x06054b50)
                .putShort((short) 0)
                .putShort((short) 0)
                .putShort((short) (entries.size() + extraCountOnDisk))
                .putShort((short) entries.size())
                .putInt(centralSize)
                .putInt(centralStart)
                .putShort((short) comment.length);
        out.writeBytes(bytes(end));
        out.writeBytes(comment);
        return out.toByteArray();
    }

    /** The Info-ZIP Unicode Path extra field (0x7075): version 1, the CRC-32 of the header's name, the UTF-8 name. */
    static byte[] unicodePath(String headerName, String unicodeName) {
        byte[] unicode = utf8(unicodeName);
        ByteBuffer field = buffer(4 + 5 + unicode.length);
        field.putShort((short) 0x7075)
                .putShort((short) (5 + unicode.length))
                .put((byte) 1)
                .putInt((int) crc(utf8(headerName)))
                .put(unicode);
        return bytes(field);
    }

    /** An extra field with the given id and payload. */
    static byte[] extraField(int id, byte[] payload) {
        ByteBuffer field = buffer(4 + payload.length);
        field.putShort((short) id).putShort((short) payload.length).put(payload);
        return bytes(field);
    }

    /** A ZIP64 extended information field (0x0001) giving these 8-byte values (sizes, then offset). */
    static byte[] zip64Field(long... values) {
        ByteBuffer payload = buffer(8 * values.length);
        for (long v : values) {
            payload.putLong(v);
        }
        return extraField(0x0001, bytes(payload));
    }

    /** An end of central directory record with no entries, as a comment may carry one. */
    static byte[] emptyEndRecord() {
        ByteBuffer end = buffer(22);
        end.putInt(0x06054b50);
        return bytes(end);
    }

    static byte[] deflate(byte[] data) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(data);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static long crc(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return crc.getValue();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        return Arrays.copyOfRange(buffer.array(), buffer.arrayOffset(), buffer.arrayOffset() + buffer.capacity());
    }
}
