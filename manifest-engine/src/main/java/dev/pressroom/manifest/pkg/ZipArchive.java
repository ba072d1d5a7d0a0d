package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A zip held in memory, read from its central directory (APPNOTE.TXT §4.3.12-16) so that Unix modes
 * (symlinks), claimed sizes and entry offsets can be checked before anything is inflated. java.util.zip's
 * streaming reader trusts local headers and hides external attributes, so it is not used.
 *
 * <p>Strict where unzip tools disagree: some trust the local headers, some the central directory, some Info-ZIP's
 * Unicode path field, so a package is read only when all of them describe the same entries, tiling the file from its
 * first byte to the central directory with nothing hidden between them.
 */
final class ZipArchive {

    private static final int EOCD_SIG = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    private static final int CENTRAL_SIG = 0x02014b50;
    private static final int LOCAL_SIG = 0x04034b50;
    private static final int DESCRIPTOR_SIG = 0x08074b50;
    private static final int UNICODE_PATH_FIELD = 0x7075;
    private static final int ENCRYPTED = 0x1;
    private static final int DATA_DESCRIPTOR = 0x8;
    private static final int UTF8_NAME = 0x800;
    /** The flag bits a local header must share with its central record. */
    private static final int SHARED_FLAGS = ENCRYPTED | DATA_DESCRIPTOR | UTF8_NAME;

    private static final int S_IFMT = 0xF000;
    private static final int S_IFLNK = 0xA000;
    private static final Charset CP437 = cp437();

    private final ByteBuffer zip;
    private final List<ZipEntryInfo> entries;
    private final long centralDirectoryOffset;

    private ZipArchive(ByteBuffer zip, List<ZipEntryInfo> entries, long centralDirectoryOffset) {
        this.zip = zip;
        this.entries = entries;
        this.centralDirectoryOffset = centralDirectoryOffset;
    }

    List<ZipEntryInfo> entries() {
        return entries;
    }

    static ZipArchive open(byte[] bytes, PackageLimits limits) throws PackageException {
        ByteBuffer zip = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = findEndOfCentralDirectory(zip);
        if (eocd >= 20 && zip.getInt(eocd - 20) == ZIP64_LOCATOR_SIG) {
            throw invalid(
                    "ZIP64 archives are not supported (an add-on package is far below 4 GiB and 65,535 entries).");
        }
        if (u16(zip, eocd + 4) != 0 || u16(zip, eocd + 6) != 0) {
            throw invalid("Multi-disk (split) zip archives are not supported.");
        }
        int countOnDisk = u16(zip, eocd + 8);
        int count = u16(zip, eocd + 10);
        if (countOnDisk != count) {
            throw invalid("The end of central directory record counts " + countOnDisk + " entries on this disk and "
                    + count + " in all; a package is one disk.");
        }
        long size = u32(zip, eocd + 12);
        long offset = u32(zip, eocd + 16);
        if (count > limits.maxEntries()) {
            throw new PackageException(
                    Rule.PACKAGE_LIMITS,
                    "The package has " + count + " entries; the limit is " + limits.maxEntries() + ".");
        }
        if (offset + size > eocd) {
            throw invalid("The central directory lies outside the file (truncated or not a zip).");
        }
        List<ZipEntryInfo> entries = new ArrayList<>(count);
        int at = (int) offset;
        for (int i = 0; i < count; i++) {
            entries.add(readCentralEntry(zip, at, eocd));
            at += 46 + u16(zip, at + 28) + u16(zip, at + 30) + u16(zip, at + 32);
        }
        if (at != offset + size) {
            throw invalid("The central directory is " + size + " bytes but its " + count + " records take "
                    + (at - offset) + "; records are missing or hidden.");
        }
        ZipArchive archive = new ZipArchive(zip, List.copyOf(entries), offset);
        archive.checkLimits(limits);
        return archive;
    }

    private static int findEndOfCentralDirectory(ByteBuffer zip) throws PackageException {
        int last = zip.limit() - 22;
        for (int i = last; i >= 0 && i >= last - 65535; i--) {
            if (zip.getInt(i) == EOCD_SIG && i + 22 + u16(zip, i + 20) == zip.limit()) {
                return i;
            }
        }
        throw invalid("The body is not a zip archive (no end of central directory record).");
    }

    private static ZipEntryInfo readCentralEntry(ByteBuffer zip, int at, int end) throws PackageException {
        if (at + 46 > end || zip.getInt(at) != CENTRAL_SIG) {
            throw invalid("The central directory is corrupt.");
        }
        int flags = u16(zip, at + 8);
        int method = u16(zip, at + 10);
        long crc = u32(zip, at + 16);
        long compressed = u32(zip, at + 20);
        long uncompressed = u32(zip, at + 24);
        int nameLength = u16(zip, at + 28);
        int extraLength = u16(zip, at + 30);
        long external = u32(zip, at + 38);
        long local = u32(zip, at + 42);
        if (at + 46 + nameLength + extraLength + u16(zip, at + 32) > end) {
            throw invalid("The central directory is corrupt.");
        }
        if (compressed == 0xFFFFFFFFL || uncompressed == 0xFFFFFFFFL || local == 0xFFFFFFFFL) {
            throw invalid("ZIP64 entries are not supported.");
        }
        byte[] raw = new byte[nameLength];
        zip.get(at + 46, raw);
        String name = decodeName(raw, (flags & UTF8_NAME) != 0);
        checkUnicodePath(zip, at + 46 + nameLength, extraLength, name);
        if ((flags & ENCRYPTED) != 0) {
            throw invalid("The entry " + Names.show(name) + " is encrypted; packages must not be encrypted.");
        }
        if (method != 0 && method != 8) {
            throw invalid("The entry " + Names.show(name) + " uses compression method " + method
                    + "; only stored (0) and deflate (8) are supported.");
        }
        // The Unix mode in the high half counts whatever "version made by" claims: some extractors honour it anyway.
        boolean symlink = ((external >>> 16) & S_IFMT) == S_IFLNK;
        return new ZipEntryInfo(name, raw, flags, method, crc, compressed, uncompressed, local, symlink);
    }

    /**
     * Info-ZIP's Unicode Path extra field (0x7075) gives an entry a second name, which some tools prefer to the
     * header's; it must repeat the entry's name or the package is refused.
     */
    private static void checkUnicodePath(ByteBuffer zip, int at, int length, String name) throws PackageException {
        int end = at + length;
        while (at < end) {
            if (at + 4 > end || at + 4 + u16(zip, at + 2) > end) {
                throw invalid("The extra fields of the entry " + Names.show(name) + " are corrupt.");
            }
            int size = u16(zip, at + 2);
            if (u16(zip, at) == UNICODE_PATH_FIELD) {
                byte[] unicode = new byte[Math.max(0, size - 5)];
                zip.get(at + 9, unicode);
                if (size < 5
                        || zip.get(at + 4) != 1
                        || !decodeName(unicode, true).equals(name)) {
                    throw invalid(
                            "The entry " + Names.show(name) + " carries a second name in an Info-ZIP Unicode path "
                                    + "field; tools that read it would unpack another file.");
                }
            }
            at += 4 + size;
        }
    }

    /** APPNOTE.TXT Appendix D: names are UTF-8 when flag bit 11 is set, else IBM code page 437. */
    private static String decodeName(byte[] raw, boolean utf8) throws PackageException {
        if (!utf8) {
            return new String(raw, CP437);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid("An entry name is flagged UTF-8 but is not valid UTF-8.");
        }
    }

    private void checkLimits(PackageLimits limits) throws PackageException {
        long total = 0;
        for (ZipEntryInfo e : entries) {
            total += e.uncompressedSize();
            if (total > limits.maxUncompressedBytes()) {
                throw new PackageException(
                        Rule.PACKAGE_LIMITS,
                        "The package would unpack to more than " + limits.maxUncompressedBytes()
                                + " bytes (zip-bomb defence).");
            }
            if (e.uncompressedSize() > PackageLimits.RATIO_FLOOR
                    && e.uncompressedSize() > (long) limits.maxRatio() * Math.max(1, e.compressedSize())) {
                throw new PackageException(
                        Rule.PACKAGE_LIMITS,
                        "The entry " + Names.show(e.name()) + " is compressed more than " + limits.maxRatio() + ":1 ("
                                + e.uncompressedSize() + " bytes from " + e.compressedSize() + "; zip-bomb defence).");
            }
        }
        checkLayout();
    }

    /**
     * The entries, in file order, must tile the file from byte 0 to the central directory: overlapping entries are
     * the "better zip bomb" (D. Fifield), and a gap is where bytes hide that some tool may still read.
     */
    private void checkLayout() throws PackageException {
        List<ZipEntryInfo> inFileOrder = new ArrayList<>(entries);
        inFileOrder.sort(Comparator.comparingLong(ZipEntryInfo::localHeaderOffset));
        long end = 0;
        for (ZipEntryInfo e : inFileOrder) {
            if (e.localHeaderOffset() < end) {
                throw new PackageException(
                        Rule.PACKAGE_LIMITS, "Entries of the package overlap each other (a zip-bomb technique).");
            }
            if (e.localHeaderOffset() > end) {
                throw invalid((e.localHeaderOffset() - end) + " bytes that belong to no entry lie before "
                        + Names.show(e.name()) + "; a package holds its entries and nothing else.");
            }
            end = endOfEntry(e);
        }
        if (end > centralDirectoryOffset) {
            throw invalid("Entry data runs into the central directory (truncated or corrupt zip).");
        }
        if (end < centralDirectoryOffset) {
            throw invalid((centralDirectoryOffset - end)
                    + " bytes that belong to no entry lie before the central directory.");
        }
    }

    /** Checks that the local header describes the entry as its central record does; returns where the entry ends. */
    private long endOfEntry(ZipEntryInfo e) throws PackageException {
        int at = (int) e.localHeaderOffset();
        long dataEnd = dataOffset(e) + e.compressedSize();
        int nameLength = u16(zip, at + 26);
        if (at + 30L + nameLength + u16(zip, at + 28) > centralDirectoryOffset) {
            throw invalid("The local header of " + Names.show(e.name()) + " is corrupt.");
        }
        byte[] localName = new byte[nameLength];
        zip.get(at + 30, localName);
        if (!Arrays.equals(localName, e.rawName())) {
            throw mismatch(e, "it names the entry " + Names.show(new String(localName, StandardCharsets.UTF_8)));
        }
        checkUnicodePath(zip, at + 30 + nameLength, u16(zip, at + 28), e.name());
        if ((u16(zip, at + 6) & SHARED_FLAGS) != (e.flags() & SHARED_FLAGS) || u16(zip, at + 8) != e.method()) {
            throw mismatch(e, "other flags or compression method");
        }
        long[] local = {u32(zip, at + 14), u32(zip, at + 18), u32(zip, at + 22)};
        long[] central = {e.crc(), e.compressedSize(), e.uncompressedSize()};
        if ((e.flags() & DATA_DESCRIPTOR) == 0) {
            if (!Arrays.equals(local, central)) {
                throw mismatch(e, "another CRC-32 or size");
            }
            return dataEnd;
        }
        // APPNOTE.TXT §4.3.9: the CRC-32 and sizes follow the data, in a descriptor with or without its signature.
        if (!Arrays.equals(local, new long[3]) && !Arrays.equals(local, central)) {
            throw mismatch(e, "another CRC-32 or size");
        }
        int signature = dataEnd + 16 <= centralDirectoryOffset && zip.getInt((int) dataEnd) == DESCRIPTOR_SIG ? 4 : 0;
        if (dataEnd + signature + 12 > centralDirectoryOffset) {
            throw invalid("The data descriptor of " + Names.show(e.name()) + " is missing.");
        }
        int d = (int) dataEnd + signature;
        if (!Arrays.equals(new long[] {u32(zip, d), u32(zip, d + 4), u32(zip, d + 8)}, central)) {
            throw mismatch(e, "its data descriptor gives another CRC-32 or size");
        }
        return d + 12L;
    }

    private static PackageException mismatch(ZipEntryInfo e, String how) {
        return invalid("The local header of " + Names.show(e.name()) + " disagrees with the central directory (" + how
                + "); unzip tools would disagree on what the package holds.");
    }

    private long dataOffset(ZipEntryInfo e) throws PackageException {
        long at = e.localHeaderOffset();
        if (at + 30 > centralDirectoryOffset || zip.getInt((int) at) != LOCAL_SIG) {
            throw invalid("The local header of " + Names.show(e.name()) + " is missing or corrupt.");
        }
        return at + 30 + u16(zip, (int) at + 26) + u16(zip, (int) at + 28);
    }

    /** The entry's bytes, inflated no further than its claimed size and checked against its CRC-32. */
    byte[] read(ZipEntryInfo e) throws PackageException {
        int start = (int) dataOffset(e);
        int compressed = (int) e.compressedSize();
        int size = (int) e.uncompressedSize();
        byte[] out = new byte[size];
        if (e.method() == 0) {
            if (compressed != size) {
                throw invalid("The stored entry " + Names.show(e.name()) + " has inconsistent sizes.");
            }
            zip.get(start, out);
        } else {
            Inflater inflater = new Inflater(true);
            try {
                inflater.setInput(zip.array(), zip.arrayOffset() + start, compressed);
                int n = 0;
                while (n < size && !inflater.finished()) {
                    int got = inflater.inflate(out, n, size - n);
                    if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    n += got;
                }
                byte[] probe = new byte[1];
                if (n != size || (!inflater.finished() && inflater.inflate(probe) > 0)) {
                    throw invalid(
                            "The entry " + Names.show(e.name()) + " does not unpack to the size its header claims.");
                }
            } catch (DataFormatException ex) {
                throw invalid("The entry " + Names.show(e.name()) + " is corrupt (bad deflate data).");
            } finally {
                inflater.end();
            }
        }
        CRC32 crc = new CRC32();
        crc.update(out);
        if (crc.getValue() != e.crc()) {
            throw invalid("The entry " + Names.show(e.name()) + " fails its CRC-32 check (corrupt zip).");
        }
        return out;
    }

    private static PackageException invalid(String message) {
        return new PackageException(Rule.PACKAGE_INVALID, message);
    }

    private static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & 0xFFFF;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & 0xFFFFFFFFL;
    }

    private static Charset cp437() {
        try {
            return Charset.forName("IBM437");
        } catch (IllegalArgumentException e) {
            return StandardCharsets.ISO_8859_1;
        }
    }
}
