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

/**
 * A zip written byte by byte (stored entries, APPNOTE.TXT §4.3), so a test can make the local header and the central
 * directory disagree, hide bytes between entries or add extra fields: what no zip tool will write but an attacker can.
 */
final class RawZip {

    /** One entry; every field starts consistent and a test changes the ones it lies about. */
    static final class Entry {
        String centralName;
        String localName;
        byte[] data;
        int madeBy = 20; // MS-DOS, version 2.0
        long externalAttributes;
        int localMethod;
        long localCrc;
        long localSize;
        byte[] localExtra = new byte[0];
        byte[] centralExtra = new byte[0];
        byte[] hiddenBefore = new byte[0];

        private Entry(String name, byte[] data) {
            this.centralName = name;
            this.localName = name;
            this.data = data;
            this.localCrc = crc(data);
            this.localSize = data.length;
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private int extraCountOnDisk;

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

    byte[] zip() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Integer> offsets = new ArrayList<>();
        for (Entry e : entries) {
            out.writeBytes(e.hiddenBefore);
            offsets.add(out.size());
            byte[] name = utf8(e.localName);
            ByteBuffer local = buffer(30);
            local.putInt(0x04034b50)
                    .putShort((short) 20)
                    .putShort((short) 0x800)
                    .putShort((short) e.localMethod)
                    .putInt(0)
                    .putInt((int) e.localCrc)
                    .putInt((int) e.localSize)
                    .putInt((int) e.localSize)
                    .putShort((short) name.length)
                    .putShort((short) e.localExtra.length);
            out.writeBytes(bytes(local));
            out.writeBytes(name);
            out.writeBytes(e.localExtra);
            out.writeBytes(e.data);
        }
        int centralStart = out.size();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            byte[] name = utf8(e.centralName);
            ByteBuffer central = buffer(46);
            central.putInt(0x02014b50)
                    .putShort((short) e.madeBy)
                    .putShort((short) 20)
                    .putShort((short) 0x800)
                    .putShort((short) 0)
                    .putInt(0)
                    .putInt((int) crc(e.data))
                    .putInt(e.data.length)
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
        int centralSize = out.size() - centralStart;
        ByteBuffer end = buffer(22);
        end.putInt(0x06054b50)
                .putShort((short) 0)
                .putShort((short) 0)
                .putShort((short) (entries.size() + extraCountOnDisk))
                .putShort((short) entries.size())
                .putInt(centralSize)
                .putInt(centralStart)
                .putShort((short) 0);
        out.writeBytes(bytes(end));
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
