package dev.pressroom.content.render;

/** One heading of a post: its level (1-6), the id it carries in the HTML, and its text. */
public record TocEntry(int level, String id, String text) {}
