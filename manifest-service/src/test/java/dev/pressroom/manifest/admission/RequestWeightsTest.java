package dev.pressroom.manifest.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestWeightsTest {

    private static final long MIB = 1024 * 1024;
    private static final long BODY_LIMIT = 33 * MIB;
    private static final RequestWeights WEIGHTS = new RequestWeights(BODY_LIMIT, 100);

    @Test
    void manifestUploadWhenTypicalThenBodyTwiceAndItsParseAndTheAllowance() {
        assertThat(WEIGHTS.manifestUpload(1_200)).isEqualTo(2 * 1_200 + 80 * 1_200 + 64 * 1024);
    }

    @Test
    void manifestUploadWhenOverTheManifestLimitThenParseCountedAtTheLimitOnly() {
        // The validator refuses a manifest over 1 MiB before parsing it; the body is still held.
        assertThat(WEIGHTS.manifestUpload(8 * MIB)).isEqualTo(2 * 8 * MIB + 80 * MIB + 64 * 1024);
    }

    @Test
    void manifestUploadWhenNoContentLengthThenTheBodyLimit() {
        assertThat(WEIGHTS.manifestUpload(RequestWeights.UNKNOWN_LENGTH)).isEqualTo(WEIGHTS.manifestUpload(BODY_LIMIT));
    }

    @Test
    void packageUploadWhenContentLengthOverTheBodyLimitThenTheBodyLimit() {
        assertThat(WEIGHTS.packageUpload(10 * BODY_LIMIT)).isEqualTo(WEIGHTS.packageUpload(BODY_LIMIT));
    }

    @Test
    void packageUploadWhenTinyThenAManifestOfTheRatioFloor() {
        // 500 bytes at 100:1 unpack to 50,000, but an entry under 64 KiB may have any ratio.
        assertThat(WEIGHTS.packageUpload(500)).isEqualTo(2 * 500 + 80 * 64 * 1024 + 64 * 1024);
    }

    @Test
    void packageUploadWhenSmallThenAManifestOfItsSizeTimesTheRatio() {
        assertThat(WEIGHTS.packageUpload(4_000)).isEqualTo(2 * 4_000 + 80 * 400_000 + 64 * 1024);
    }

    @Test
    void packageUploadWhenTheBombThenTheLargestManifest() {
        // 1,023 entries of 64 KiB of zeros: 176 KB can carry a 1 MiB manifest within the ratio.
        assertThat(WEIGHTS.packageUpload(182_064)).isEqualTo(2 * 182_064 + 80 * MIB + 64 * 1024);
    }

    @Test
    void packageUploadWhenAnyBodyThenAtLeastTheManifestUploadOfTheSameSize() {
        for (long length : new long[] {1, 1_000, 100_000, MIB, 32 * MIB}) {
            assertThat(WEIGHTS.packageUpload(length)).isGreaterThanOrEqualTo(WEIGHTS.manifestUpload(length));
        }
    }
}
