package dev.pressroom.manifest.validation;

/** What a valid manifest says about itself, echoed back so a CI log shows what was checked. */
public record ManifestSummary(String id, String version, String kind, String runtime) {}
