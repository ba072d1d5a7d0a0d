package dev.pressroom.content.render;

import java.util.Map;

/**
 * A piece of a Markdown document: either plain Markdown, or a card ({@code :::name attrs} ... {@code :::})
 * whose body is Markdown too. {@code line} is where the piece starts in the source (1-based).
 */
public sealed interface Segment {

    int line();

    record Markdown(int line, String text) implements Segment {}

    record Card(int line, CardType type, Map<String, String> attributes, int bodyLine, String body) implements Segment {

        public Card {
            attributes = Map.copyOf(attributes);
        }
    }
}
