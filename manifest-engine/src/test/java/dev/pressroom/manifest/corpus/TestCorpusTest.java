package dev.pressroom.manifest.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestCorpusTest {

    @Test
    void allWhenReadThenEveryFolderContributesAndNamesAreUnique() {
        var samples = TestCorpus.all();
        assertThat(samples).extracting(TestCorpus.Sample::name).doesNotHaveDuplicates();
        assertThat(samples)
                .filteredOn(s -> s.name().startsWith("manifests/valid/"))
                .hasSizeGreaterThanOrEqualTo(4);
        assertThat(samples)
                .filteredOn(s -> s.name().startsWith("manifests/invalid/"))
                .hasSizeGreaterThanOrEqualTo(7);
        assertThat(samples).filteredOn(s -> s.kind() == TestCorpus.Kind.PACKAGE).hasSizeGreaterThanOrEqualTo(2);
        assertThat(samples).allMatch(s -> s.bytes().length > 0);
    }
}
