package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.qute.i18n.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every language has every English message, no other, with the same parameters (README, "Languages"). */
class MessagesTest {

    private static final Pattern PARAMETER = Pattern.compile("\\{#?(?:if )?([a-zA-Z]+)");

    @ParameterizedTest
    @EnumSource(value = Language.class, names = "EN", mode = EnumSource.Mode.EXCLUDE)
    void bundleWhenTranslatedThenSameKeysAsEnglish(Language language) throws IOException {
        assertThat(translated(language).keySet()).isEqualTo(english().keySet());
    }

    @ParameterizedTest
    @EnumSource(value = Language.class, names = "EN", mode = EnumSource.Mode.EXCLUDE)
    void bundleWhenTranslatedThenSameParametersAsEnglish(Language language) throws IOException {
        Map<String, String> english = english();
        translated(language)
                .forEach((key, text) -> assertThat(parameters(text)).as(key).isEqualTo(parameters(english.get(key))));
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void languageTagWhenBundleLoadedThenItsOwnTag(Language language) throws IOException {
        String tag = language == Language.EN
                ? english().get("languageTag")
                : translated(language).get("languageTag");
        assertThat(tag).isEqualTo(language.tag());
    }

    private static Map<String, String> english() {
        Map<String, String> messages = new TreeMap<>();
        for (Method method : Messages.class.getDeclaredMethods()) {
            Message message = method.getAnnotation(Message.class);
            assertThat(message).as(method.getName()).isNotNull();
            messages.put(method.getName(), message.value());
        }
        assertThat(messages).hasSizeGreaterThan(50);
        return messages;
    }

    private static Map<String, String> translated(Language language) throws IOException {
        String file = "/messages/msg_" + language.tag() + ".properties";
        try (InputStream in = MessagesTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            Properties properties = new Properties();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return properties.stringPropertyNames().stream()
                    .collect(Collectors.toMap(k -> k, properties::getProperty, (a, b) -> a, TreeMap::new));
        }
    }

    /** The names a message template refers to: {product}, {#if seconds == 1}. */
    private static Set<String> parameters(String text) {
        Set<String> names = new TreeSet<>();
        Matcher m = PARAMETER.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        names.removeAll(Arrays.asList("else"));
        return names;
    }
}
