package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A zip held in memory, accepted only in one canonical layout so that every extractor sees what we check: local
 * entries tiling the file from byte 0, then the central directory ending exactly where the one end record begins,
 * then nothing but the end record's comment (APPNOTE.TXT §4.3.6). Each entry's local header, data descriptor and
 * central record must agree, its name must decode one way only, and its type (file, folder, symlink) must read the
 * same from its name, its MS-DOS attributes and its Unix mode. Extractors differ in where they look (Info-ZIP, Python
 * and java.util.zip find the directory from the end record's position, streaming readers walk the local headers,
 * some honour Info-ZIP's Unicode path field or the PKWARE Unix field), so whatever could make two of them disagree is
 * refused with {@link Rule#PACKAGE_LAYOUT}. Entries are inflated as streams ({@link #open}), never held whole.
 */
final class ZipArchive implements PackageContents {

    private static final int EOCD_SIG = 0x06054b50;
    private static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    private static final int CENTRAL_SIG = 0x02014b50;
    private static final int LOCAL_SIG = 0x04034b50;
    private static final int DESCRIPTOR_SIG = 0x08074b50;
    private static final byte[] EOCD_MAGIC = {'P', 'K', 5, 6};
    private static final byte[] ZIP64_EOCD_MAGIC = {'P', 'K', 6, 6};
    private static final byte[] ZIP64_LOCATOR_MAGIC = {'P', 'K', 6, 7};
    private static final byte[] DESCRIPTOR_MAGIC = {'P', 'K', 7, 8};

    private static final int ENCRYPTED = 0x1;
    private static final int DATA_DESCRIPTOR = 0x8;
    private static final int UTF8_NAME = 0x800;
    /** Encryption, the deflate level hints (bits 1-2), the data descriptor and UTF-8 names: nothing else is read. */
    private static final int KNOWN_FLAGS = ENCRYPTED | 0x2 | 0x4 | DATA_DESCRIPTOR | UTF8_NAME;

    private static final int UNICODE_PATH_FIELD = 0x7075;
    /**
     * Extra fields that only carry times, owners, a comment's translation or padding. Every other one is refused: the
     * ZIP64 field (0x0001) redefines sizes and offsets, and the PKWARE (0x000d) and ASi (0x756e) Unix fields carry
     * a mode and a link target that some extractors apply.
     */
    private static final Set<Integer> HARMLESS_FIELDS = Set.of(
            0x000a, // NTFS times
            0x5455, // extended timestamp
            0x5855, // Info-ZIP Unix, old: times and owner
            0x7855, // Info-ZIP Unix, owner
            0x7875, // Info-ZIP Unix, owner (new)
            0x6375, // Info-ZIP Unicode comment
            0xcafe, // the jar tool's marker
            0xd935); // Android's alignment padding

    private static final int UNIX_HOST = 3;
    /** Unix and macOS: hosts whose UTF-8 names every extractor takes as they are. */
    private static final Set<Integer> UNICODE_HOSTS = Set.of(UNIX_HOST, 19);

    private static final int DOS_DIRECTORY = 0x10;
    private static final int S_IFMT = 0xF000;
    private static final int S_IFREG = 0x8000;
    private static final int S_IFDIR = 0x4000;
    private static final int S_IFLNK = 0xA000;

    private final byte[] bytes;
    private final ByteBuffer zip;
    private final PackageLimits limits;
    private final List<ZipEntryInfo> records;
    private final Map<String, ZipEntryInfo> files = new HashMap<>();
    private final long centralDirectoryOffset;

    private ZipArchive(
            byte[] bytes,
            ByteBuffer zip,
            PackageLimits limits,
            List<ZipEntryInfo> records,
            long centralDirectoryOffset) {
        this.bytes = bytes;
        this.zip = zip;
        this.limits = limits;
        this.records = records;
        this.centralDirectoryOffset = centralDirectoryOffset;
        for (ZipEntryInfo e : records) {
            if (e.type() == Type.FILE) {
                files.putIfAbsent(e.name(), e);
            }
        }
    }

    /**
     * Reads the archive's records, checks its layout and declared sizes, then inflates every entry once as a stream
     * (a lying header or a bad CRC-32 must not pass), counting the bytes against the package's budget.
     */
    static ZipArchive read(byte[] bytes, PackageLimits limits) throws PackageException {
        ZipArchive archive = open(bytes, limits);
        UnpackBudget inflated = UnpackBudget.ofZip(limits, bytes.length);
        for (ZipEntryInfo e : archive.records) {
            try (InputStream data = archive.open(e, inflated)) {
                data.transferTo(OutputStream.nullOutputStream());
            } catch (BadEntry bad) {
                throw bad.finding();
            } catch (IOException unreachable) {
                throw new UncheckedIOException(unreachable); // the bytes are in memory
            }
        }
        return archive;
    }

    @Override
    public List<Entry> entries() {
        return records.stream().map(e -> new Entry(e.name(), e.type())).toList();
    }

    /** A file the archive has verified ({@link #read}); the stream checks its size and CRC-32 again at its end. */
    @Override
    public InputStream open(String name) throws IOException {
        ZipEntryInfo e = files.get(name);
        if (e == null) {
            throw new FileNotFoundException(name);
        }
        try {
            return open(e, UnpackBudget.ofZip(limits, bytes.length));
        } catch (PackageException corrupt) {
            throw new BadEntry(corrupt);
        }
    }

    private static ZipArchive open(byte[] bytes, PackageLimits limits) throws PackageException {
        ByteBuffer zip = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = findEndOfCentralDirectory(bytes, zip);
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
            throw layout("The end of central directory record counts " + countOnDisk + " entries on this disk and "
                    + count + " in all; a package is one disk.");
        }
        long size = u32(zip, eocd + 12);
        long offset = u32(zip, eocd + 16);
        if (count == 0xFFFF || size == 0xFFFFFFFFL || offset == 0xFFFFFFFFL) {
            throw invalid("The end record defers to ZIP64 records; ZIP64 archives are not supported.");
        }
        if (count > limits.maxEntries()) {
            throw new PackageException(
                    Rule.PACKAGE_LIMITS,
                    "The package has " + count + " entries; the limit is " + limits.maxEntries() + ".");
        }
        if (offset + size > eocd) {
            throw invalid("The central directory lies outside the file (truncated or not a zip).");
        }
        if (offset + size != eocd) {
            // Info-ZIP, Python's zipfile and java.util.zip look for the directory at eocd - size and shift every
            // offset by the difference: they would read other entries than the ones the end record points at.
            throw layout((eocd - offset - size) + " bytes lie between the central directory and the end record;"
                    + " extractors that locate the directory from the end record's position would read other entries.");
        }
        List<ZipEntryInfo> entries = new ArrayList<>(count);
        int at = (int) offset;
        for (int i = 0; i < count; i++) {
            entries.add(readCentralEntry(zip, at, eocd));
            at += 46 + u16(zip, at + 28) + u16(zip, at + 30) + u16(zip, at + 32);
        }
        if (at != offset + size) {
            throw layout("The central directory is " + size + " bytes but its " + count + " records take "
                    + (at - offset) + "; records are missing or hidden.");
        }
        ZipArchive archive = new ZipArchive(bytes, zip, limits, List.copyOf(entries), offset);
        archive.checkDeclaredSizes(limits);
        archive.checkLayout();
        return archive;
    }

    /**
     * The one end record: the last 22 bytes, or the record whose comment runs exactly to the end of the file. Its
     * comment must not hold another end record or ZIP64 record, which readers that search backwards for the
     * signature alone (Python's zipfile) would take instead.
     */
    private static int findEndOfCentralDirectory(byte[] bytes, ByteBuffer zip) throws PackageException {
        int last = zip.limit() - 22;
        for (int i = last; i >= 0 && i >= last - 65535; i--) {
            if (zip.getInt(i) == EOCD_SIG && i + 22 + u16(zip, i + 20) == zip.limit()) {
                for (byte[] magic : List.of(EOCD_MAGIC, ZIP64_EOCD_MAGIC, ZIP64_LOCATOR_MAGIC)) {
                    if (indexOf(bytes, magic, i + 22, bytes.length) >= 0) {
                        throw layout("The archive comment holds another end record; extractors would disagree on"
                                + " which one ends the archive.");
                    }
                }
                return i;
            }
        }
        throw invalid("The body is not a zip archive (no end of central directory record).");
    }

    private static ZipEntryInfo readCentralEntry(ByteBuffer zip, int at, int end) throws PackageException {
        if (at + 46 > end || zip.getInt(at) != CENTRAL_SIG) {
            throw invalid("The central directory is corrupt.");
        }
        int madeBy = u16(zip, at + 4);
        int flags = u16(zip, at + 8);
        int method = u16(zip, at + 10);
        long crc = u32(zip, at + 16);
        long compressed = u32(zip, at + 20);
        long uncompressed = u32(zip, at + 24);
        int nameLength = u16(zip, at + 28);
        int extraLength = u16(zip, at + 30);
        int disk = u16(zip, at + 34);
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
        if (!Normalizer.isNormalized(name, Normalizer.Form.NFC)) {
            // libarchive (bsdtar) writes such a name composed, the others as it is: two names for one entry.
            throw layout("The entry " + Names.show(name) + " is not in Unicode normalization form C (composed);"
                    + " extractors would write it under different names.");
        }
        if (!isAscii(name) && !UNICODE_HOSTS.contains(madeBy >>> 8)) {
            // Info-ZIP unzip re-encodes names made on MS-DOS, OS/2 or Windows hosts from code page 437, UTF-8 or not.
            throw layout(
                    "The entry " + Names.show(name) + " has a non-ASCII name but was made by host " + (madeBy >>> 8)
                            + " (MS-DOS, Windows or another), whose names unzip re-encodes; zip on a Unix or macOS host, or"
                            + " use ASCII names.");
        }
        checkExtraFields(zip, at + 46 + nameLength, extraLength, name);
        if ((flags & ENCRYPTED) != 0) {
            throw invalid("The entry " + Names.show(name) + " is encrypted; packages must not be encrypted.");
        }
        if ((flags & ~KNOWN_FLAGS) != 0) {
            throw layout("The entry " + Names.show(name) + " sets general purpose flags 0x"
                    + Integer.toHexString(flags & ~KNOWN_FLAGS)
                    + " (strong encryption, patches or masked headers) that extractors read differently.");
        }
        if (method != 0 && method != 8) {
            throw invalid("The entry " + Names.show(name) + " uses compression method " + method
                    + "; only stored (0) and deflate (8) are supported.");
        }
        if (disk != 0) {
            throw invalid("The entry " + Names.show(name) + " starts on disk " + disk + "; a package is one disk.");
        }
        if (method == 0 && compressed != uncompressed) {
            throw layout("The stored entry " + Names.show(name) + " claims " + compressed + " bytes stored and "
                    + uncompressed + " unpacked.");
        }
        PackageContents.Type type = type(name, madeBy >>> 8, external, uncompressed);
        return new ZipEntryInfo(name, raw, flags, method, crc, compressed, uncompressed, local, type);
    }

    /**
     * What the entry is, read the same way from its name, its MS-DOS attributes and its Unix mode. The Unix mode counts
     * whatever "version made by" claims, since some extractors honour it anyway.
     */
    private static PackageContents.Type type(String name, int host, long external, long size) throws PackageException {
        int mode = (int) (external >>> 16) & S_IFMT;
        boolean dosDirectory = (external & DOS_DIRECTORY) != 0 && host != UNIX_HOST;
        boolean slash = name.endsWith("/");
        if (mode == S_IFLNK) {
            if (slash || dosDirectory) {
                throw layout("The entry " + Names.show(name) + " is both a folder and a symbolic link.");
            }
            return PackageContents.Type.SYMLINK;
        }
        if (mode != 0 && mode != S_IFREG && mode != S_IFDIR) {
            throw layout("The entry " + Names.show(name) + " has the Unix file type 0" + Integer.toOctalString(mode)
                    + " (a device, pipe or socket); packages hold files and folders only.");
        }
        boolean directory = slash || mode == S_IFDIR || dosDirectory;
        if (directory && !(slash && mode != S_IFREG)) {
            throw layout("The entry " + Names.show(name) + " is a folder by its "
                    + (slash ? "name but a file by its Unix mode" : "attributes but its name does not end in /")
                    + "; extractors would disagree on what it is.");
        }
        if (directory && size != 0) {
            throw layout("The folder entry " + Names.show(name) + " holds " + size + " bytes of data.");
        }
        return directory ? PackageContents.Type.DIRECTORY : PackageContents.Type.FILE;
    }

    /**
     * Extra fields must be well formed and harmless; Info-ZIP's Unicode Path field (0x7075) gives an entry a second
     * name, which some tools prefer to the header's, so it must repeat the entry's name.
     */
    private static void checkExtraFields(ByteBuffer zip, int at, int length, String name) throws PackageException {
        int end = at + length;
        while (at < end) {
            if (at + 4 > end || at + 4 + u16(zip, at + 2) > end) {
                throw layout("The extra fields of the entry " + Names.show(name) + " are corrupt.");
            }
            int id = u16(zip, at);
            int size = u16(zip, at + 2);
            if (id == UNICODE_PATH_FIELD) {
                byte[] unicode = new byte[Math.max(0, size - 5)];
                zip.get(at + 9, unicode);
                if (size < 5
                        || zip.get(at + 4) != 1
                        || !decodeName(unicode, true).equals(name)) {
                    throw layout("The entry " + Names.show(name) + " carries a second name in an Info-ZIP Unicode path "
                            + "field; tools that read it would unpack another file.");
                }
            } else if (!HARMLESS_FIELDS.contains(id)) {
                throw layout("The entry " + Names.show(name) + " carries the extra field 0x"
                        + String.format("%04x", id) + (id == 1 ? " (ZIP64)" : "")
                        + ", which can redefine its sizes, type or target for some extractors only.");
            }
            at += 4 + size;
        }
    }

    /**
     * APPNOTE.TXT Appendix D: names are UTF-8 when flag bit 11 is set, else IBM code page 437, which extractors
     * replace with Latin-1 or the system's code page: such a name must be ASCII to read the same everywhere. No
     * control characters either (a NUL ends the name for C tools).
     */
    private static String decodeName(byte[] raw, boolean utf8) throws PackageException {
        for (byte b : raw) {
            if ((b & 0xFF) < 0x20 || b == 0x7F) {
                throw layout("An entry name holds a control character; tools would cut or change the name.");
            }
            if (b < 0 && !utf8) {
                throw layout("An entry name has non-ASCII bytes but is not flagged UTF-8; extractors decode such a"
                        + " name with different code pages.");
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw))
                    .toString();
        } catch (CharacterCodingException e) {
            throw layout("An entry name is flagged UTF-8 but is not valid UTF-8.");
        }
    }

    /** The claimed sizes, before anything is inflated: the totals and every entry's compression ratio. */
    private void checkDeclaredSizes(PackageLimits limits) throws PackageException {
        UnpackBudget claimed = UnpackBudget.ofZip(limits, bytes.length);
        for (ZipEntryInfo e : records) {
            if (e.uncompressedSize() > PackageLimits.RATIO_FLOOR
                    && e.uncompressedSize() > (long) limits.maxRatio() * Math.max(1, e.compressedSize())) {
                throw new PackageException(
                        Rule.PACKAGE_LIMITS,
                        "The entry " + Names.show(e.name()) + " is compressed more than " + limits.maxRatio() + ":1 ("
                                + e.uncompressedSize() + " bytes from " + e.compressedSize() + "; zip-bomb defence).");
            }
            claimed.add(e.uncompressedSize());
        }
    }

    /**
     * The entries, in file order, must tile the file from byte 0 to the central directory: overlapping entries are
     * the "better zip bomb" (D. Fifield), and a gap is where bytes hide that some tool may still read.
     */
    private void checkLayout() throws PackageException {
        List<ZipEntryInfo> inFileOrder = new ArrayList<>(records);
        inFileOrder.sort(Comparator.comparingLong(ZipEntryInfo::localHeaderOffset));
        long end = 0;
        for (ZipEntryInfo e : inFileOrder) {
            if (e.localHeaderOffset() < end) {
                throw new PackageException(
                        Rule.PACKAGE_LIMITS, "Entries of the package overlap each other (a zip-bomb technique).");
            }
            if (e.localHeaderOffset() > end) {
                throw layout((e.localHeaderOffset() - end) + " bytes that belong to no entry lie before "
                        + Names.show(e.name()) + "; a package holds its entries and nothing else.");
            }
            end = endOfEntry(e);
        }
        if (end > centralDirectoryOffset) {
            throw invalid("Entry data runs into the central directory (truncated or corrupt zip).");
        }
        if (end < centralDirectoryOffset) {
            throw layout((centralDirectoryOffset - end)
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
        checkExtraFields(zip, at + 30 + nameLength, u16(zip, at + 28), e.name());
        if (u16(zip, at + 6) != e.flags() || u16(zip, at + 8) != e.method()) {
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
        if (e.method() == 0
                && indexOf(bytes, DESCRIPTOR_MAGIC, (int) dataEnd - (int) e.compressedSize(), (int) dataEnd) >= 0) {
            // A streaming reader finds where stored data ends by looking for the descriptor's signature.
            throw layout("The stored entry " + Names.show(e.name()) + " has a data descriptor and its data holds the"
                    + " descriptor's signature; streaming extractors would end the entry early.");
        }
        int signature = dataEnd + 16 <= centralDirectoryOffset && zip.getInt((int) dataEnd) == DESCRIPTOR_SIG ? 4 : 0;
        if (dataEnd + signature + 12 > centralDirectoryOffset) {
            throw layout("The data descriptor of " + Names.show(e.name()) + " is missing.");
        }
        int d = (int) dataEnd + signature;
        if (!Arrays.equals(new long[] {u32(zip, d), u32(zip, d + 4), u32(zip, d + 8)}, central)) {
            throw mismatch(e, "its data descriptor gives another CRC-32 or size");
        }
        return d + 12L;
    }

    private static PackageException mismatch(ZipEntryInfo e, String how) {
        return layout("The local header of " + Names.show(e.name()) + " disagrees with the central directory (" + how
                + "); unzip tools would disagree on what the package holds.");
    }

    private long dataOffset(ZipEntryInfo e) throws PackageException {
        long at = e.localHeaderOffset();
        if (at + 30 > centralDirectoryOffset || zip.getInt((int) at) != LOCAL_SIG) {
            throw layout("The local header of " + Names.show(e.name()) + " is missing or corrupt.");
        }
        return at + 30 + u16(zip, (int) at + 26) + u16(zip, (int) at + 28);
    }

    /**
     * The entry's bytes as a stream, inflated no further than its claimed size; at its end the stream checks the
     * size, the CRC-32 and that the deflate data ended exactly where the entry does, and throws {@link BadEntry}
     * otherwise. {@code inflated} counts every byte produced, across the entries of one validation.
     */
    private InputStream open(ZipEntryInfo e, UnpackBudget inflated) throws PackageException {
        return new EntryStream(e, (int) dataOffset(e), inflated);
    }

    /** An entry whose data is not what its headers claim; carries the finding. */
    static final class BadEntry extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient PackageException finding;

        BadEntry(PackageException finding) {
            super(finding.getMessage(), null);
            this.finding = finding;
        }

        PackageException finding() {
            return finding;
        }
    }

    private final class EntryStream extends InputStream {
        private final ZipEntryInfo entry;
        private final int start;
        private final UnpackBudget inflated;
        private final Inflater inflater;
        private final CRC32 crc = new CRC32();
        private long produced;
        private boolean ended;

        EntryStream(ZipEntryInfo entry, int start, UnpackBudget inflated) {
            this.entry = entry;
            this.start = start;
            this.inflated = inflated;
            this.inflater = entry.method() == 0 ? null : new Inflater(true);
            if (inflater != null) {
                inflater.setInput(bytes, start, (int) entry.compressedSize());
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (ended) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            int n = inflater == null ? copyStored(b, off, len) : inflate(b, off, len);
            if (n <= 0) {
                finish();
                return -1;
            }
            crc.update(b, off, n);
            produced += n;
            if (produced > entry.uncompressedSize()) {
                throw wrongSize();
            }
            try {
                inflated.add(n);
            } catch (PackageException limit) {
                throw new BadEntry(limit);
            }
            return n;
        }

        private int copyStored(byte[] b, int off, int len) {
            int n = (int) Math.min(len, entry.uncompressedSize() - produced);
            System.arraycopy(bytes, start + (int) produced, b, off, n);
            return n;
        }

        private int inflate(byte[] b, int off, int len) throws BadEntry {
            int room = (int) Math.min(len, entry.uncompressedSize() + 1 - produced);
            try {
                while (true) {
                    int got = inflater.inflate(b, off, room);
                    if (got > 0 || inflater.finished() || inflater.needsInput() || inflater.needsDictionary()) {
                        return got;
                    }
                }
            } catch (DataFormatException ex) {
                throw bad("The entry " + Names.show(entry.name()) + " is corrupt (bad deflate data).");
            }
        }

        private void finish() throws BadEntry {
            ended = true;
            if (produced != entry.uncompressedSize() || (inflater != null && !inflater.finished())) {
                throw wrongSize();
            }
            if (inflater != null && inflater.getRemaining() > 0) {
                throw new BadEntry(layout("The entry " + Names.show(entry.name()) + " has " + inflater.getRemaining()
                        + " bytes after the end of its deflate data."));
            }
            if (crc.getValue() != entry.crc()) {
                throw bad("The entry " + Names.show(entry.name()) + " fails its CRC-32 check (corrupt zip).");
            }
        }

        @Override
        public void close() {
            if (inflater != null) {
                inflater.end();
            }
        }

        private BadEntry wrongSize() {
            return bad("The entry " + Names.show(entry.name()) + " does not unpack to the size its header claims.");
        }

        private BadEntry bad(String message) {
            return new BadEntry(invalid(message));
        }
    }

    private static boolean isAscii(String name) {
        return name.chars().allMatch(c -> c < 0x80);
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from, int to) {
        outer:
        for (int i = Math.max(0, from); i + needle.length <= to; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static PackageException invalid(String message) {
        return new PackageException(Rule.PACKAGE_INVALID, message);
    }

    private static PackageException layout(String message) {
        return new PackageException(Rule.PACKAGE_LAYOUT, message);
    }

    private static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & 0xFFFF;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & 0xFFFFFFFFL;
    }
}
