package dev.pressroom.content.render;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One heading of a post: its level (1-6), the id it carries in the HTML, and its text. The importer stores a post's
 * entries as JSON through Jackson, which a native executable lets read the record only when it is registered.
 */
@RegisterForReflection
public record TocEntry(int level, String id, String text) {}
