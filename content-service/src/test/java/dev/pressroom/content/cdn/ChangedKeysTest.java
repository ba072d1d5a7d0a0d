package dev.pressroom.content.cdn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangedKeysTest {

    private static final String B = "0123456789abcdef01234567";

    private static final Map<String, String> BEFORE =
            Map.of(B, "blog1", B + "-post-p1", "a", B + "-post-p2", "b", B + "-tag-soup", "t", B + "-author-ana", "u");

    @Test
    void betweenWhenNothingChangedThenNothingToPurge() {
        assertThat(ChangedKeys.between(B, BEFORE, Map.copyOf(BEFORE))).isEmpty();
    }

    @Test
    void betweenWhenOnePostChangedThenItsKeyAndItsListKeyOnly() {
        Map<String, String> after = new java.util.HashMap<>(BEFORE);
        after.put(B + "-post-p1", "a2");

        assertThat(ChangedKeys.between(B, BEFORE, after)).containsExactly(B + "-post-p1", B + "-posts");
    }

    @Test
    void betweenWhenItemsAddedAndRemovedThenTheirKeysAndListKeys() {
        Map<String, String> after = new java.util.HashMap<>(BEFORE);
        after.remove(B + "-post-p2");
        after.put(B + "-page-g1", "new");
        after.put(B + "-tag-soup", "t2");

        assertThat(ChangedKeys.between(B, BEFORE, after))
                .containsExactly(
                        B + "-page-g1", B + "-pages", B + "-post-p2", B + "-posts", B + "-tag-soup", B + "-tags");
    }

    @Test
    void betweenWhenBlogItselfChangedThenOnlyTheBlogKeyWhichEveryAnswerCarries() {
        Map<String, String> after = new java.util.HashMap<>(BEFORE);
        after.put(B, "blog2");
        after.put(B + "-post-p1", "a2");

        assertThat(ChangedKeys.between(B, BEFORE, after)).containsExactly(B);
    }

    @Test
    void betweenWhenBlogIsNewThenNothingWasCachedToPurge() {
        assertThat(ChangedKeys.between(B, Map.of(), BEFORE)).isEmpty();
    }
}
