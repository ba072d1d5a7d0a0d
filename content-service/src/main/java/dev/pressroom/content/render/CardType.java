package dev.pressroom.content.render;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The cards a post may contain, their directive names and the attributes each accepts. */
public enum CardType {
    RECIPE("recipe", Set.of(), Set.of("title", "serves", "prep", "cook")),
    PRODUCT("product", Set.of("title"), Set.of("url", "image", "price", "rating", "button")),
    GALLERY("gallery", Set.of(), Set.of("caption")),
    EMBED("embed", Set.of("url"), Set.of("caption", "title")),
    BOOKMARK("bookmark", Set.of("url", "title"), Set.of("description")),
    BUTTON("button", Set.of("url", "label"), Set.of()),
    TIP("tip", Set.of(), Set.of("title"));

    private final String directive;
    // Set.of(...) values: unmodifiable, which the Set type cannot say without Guava's ImmutableSet.
    @SuppressWarnings("ImmutableEnumChecker")
    private final Set<String> required;

    @SuppressWarnings("ImmutableEnumChecker")
    private final Set<String> optional;

    CardType(String directive, Set<String> required, Set<String> optional) {
        this.directive = directive;
        this.required = required;
        this.optional = optional;
    }

    public String directive() {
        return directive;
    }

    public Set<String> required() {
        return required;
    }

    public boolean accepts(String attribute) {
        return required.contains(attribute) || optional.contains(attribute);
    }

    public static Optional<CardType> byDirective(String name) {
        return Arrays.stream(values()).filter(t -> t.directive.equals(name)).findFirst();
    }

    public static List<String> directives() {
        return Arrays.stream(values()).map(CardType::directive).toList();
    }
}
