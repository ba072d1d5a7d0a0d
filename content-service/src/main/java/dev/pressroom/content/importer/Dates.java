package dev.pressroom.content.importer;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** ISO 8601 dates of front matter: a date-time with offset ({@code 2025-03-01T09:30:00Z}) or a date (midnight UTC). */
final class Dates {

    private Dates() {}

    static Instant parse(String value) {
        try {
            if (value.length() == 10) {
                return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
