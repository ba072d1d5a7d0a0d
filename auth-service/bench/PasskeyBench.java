package dev.pressroom.auth.passkey;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.TestAuthenticator;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Passkey sign-in with a fresh browser, beside signin.lua's password sign-in: GET authorize -> sign-in page -> POST
 * /signin/passkey/options -> the authenticator signs -> POST /signin/passkey -> 303 with code (3 requests). wrk's Lua
 * cannot sign ECDSA, so this is a plain Java load loop: one thread per connection, each a person with an account and
 * a passkey of their own (the test suite's software authenticator, ES256) at an address of their own. The signing
 * happens in this process, on the same cores as the service, as wrk's own work does.
 * Enrolment (accounts, a password sign-in and a passkey each) is not measured: CPU per sign-in is the service's CPU
 * time (/proc/pid/stat) over the load loop alone.
 * Args: base URL, admin URL, admin token, client id, code challenge, connections, seconds, service pid, CLK_TCK.
 */
public final class PasskeyBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REQUEST = Pattern.compile("name=\"request\" value=\"([^\"]+)\"");
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String admin = args[1];
        String token = args[2];
        String client = args[3];
        String challenge = args[4];
        int connections = Integer.parseInt(args[5]);
        long seconds = Long.parseLong(args[6]);
        java.nio.file.Path stat = java.nio.file.Path.of("/proc", args[7], "stat");
        double tick = 1000.0 / Integer.parseInt(args[8]);
        HttpClient http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        String authorize = base + "/oauth/authorize?response_type=code&client_id=" + client
                + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb&scope=openid&state=s&nonce=n&code_challenge="
                + challenge + "&code_challenge_method=S256";
        String origin = base.replace("127.0.0.1", "localhost");

        List<Person> people = new ArrayList<>();
        for (int i = 1; i <= connections; i++) {
            people.add(Person.enrol(http, base, authorize, admin, token, i, new TestAuthenticator("localhost", origin)));
        }
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger errors = new AtomicInteger();
        long ticksBefore = cpuTicks(stat);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long started = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (Person p : people) {
            Thread thread = new Thread(() -> {
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    try {
                        if (p.signIn(http, base, authorize)) {
                            latencies.add(System.nanoTime() - t0);
                        } else if (errors.incrementAndGet() == 1) {
                            System.err.println("a sign-in did not end in the redirect with a code");
                        }
                    } catch (Exception e) {
                        if (errors.incrementAndGet() == 1) {
                            e.printStackTrace();
                        }
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread t : threads) {
            t.join();
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        long ticks = cpuTicks(stat) - ticksBefore;
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        System.out.printf(
                "RESULT passkey_signins_per_s=%.1f p50_ms=%.2f p99_ms=%.2f cpu_ms=%.3f errors=%d signins=%d%n",
                sorted.size() / elapsed,
                percentile(sorted, 0.50),
                percentile(sorted, 0.99),
                sorted.isEmpty() ? 0 : ticks * tick / sorted.size(),
                errors.get(),
                sorted.size());
    }

    /** utime + stime of the process (fields 14 and 15 of /proc/pid/stat), after the command name's parenthesis. */
    private static long cpuTicks(java.nio.file.Path stat) throws java.io.IOException {
        String line = java.nio.file.Files.readString(stat);
        String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ", -1);
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static double percentile(List<Long> sorted, double q) {
        return sorted.isEmpty() ? 0 : sorted.get((int) Math.min(sorted.size() - 1, q * sorted.size())) / 1e6;
    }

    /** One person: their account, passkey and address (X-Forwarded-For through the trusted proxy 127.0.0.1). */
    private record Person(String address, TestAuthenticator authenticator) {

        static Person enrol(
                HttpClient http, String base, String authorize, String admin, String token, int n, TestAuthenticator key)
                throws Exception {
            String email = "bench-pk-" + n + "@pressroom.test";
            String password = "bench-password-123";
            http.send(
                    HttpRequest.newBuilder(URI.create(admin + "/admin/accounts"))
                            .header("Authorization", "Bearer " + token)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"email\":\"" + email + "\",\"password\":\""
                                    + password + "\",\"name\":\"Bench " + n + "\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            Person person = new Person("198.51.100." + (100 + n), key);
            Map<String, String> cookies = new HashMap<>();
            HttpResponse<String> page = person.get(http, base + "/account", cookies);
            person.post(http, base + "/signin", cookies, form(Map.of(
                    "request", find(REQUEST, page.body()), "csrf", find(CSRF, page.body()),
                    "email", email, "password", password)));
            String csrf = cookies.get("pr_csrf");
            @SuppressWarnings("unchecked")
            Map<String, Object> options = JSON.readValue(
                    person.post(http, base + "/account/passkeys/options", cookies, form(Map.of("csrf", csrf)))
                            .body(),
                    Map.class);
            HttpResponse<String> added = person.post(http, base + "/account/passkeys", cookies, form(Map.of(
                    "csrf", csrf, "name", "Bench", "credential", key.register(options))));
            if (added.statusCode() != 303) {
                throw new IllegalStateException("could not add a passkey for " + email + ": " + added.statusCode());
            }
            // Consent once, so that each measured sign-in ends in the redirect with a code.
            HttpResponse<String> consent = person.get(http, authorize, cookies);
            if (consent.statusCode() == 200) {
                person.post(http, base + "/consent", cookies, form(Map.of(
                        "request", find(REQUEST, consent.body()), "csrf", find(CSRF, consent.body()),
                        "decision", "allow")));
            }
            return person;
        }

        /** One sign-in with a fresh browser; true when it ended in the redirect with a code. */
        boolean signIn(HttpClient http, String base, String authorize) throws Exception {
            Map<String, String> cookies = new HashMap<>();
            String page = get(http, authorize, cookies).body();
            String request = find(REQUEST, page);
            String csrf = find(CSRF, page);
            @SuppressWarnings("unchecked")
            Map<String, Object> options = JSON.readValue(
                    post(http, base + "/signin/passkey/options", cookies, form(Map.of("request", request, "csrf", csrf)))
                            .body(),
                    Map.class);
            HttpResponse<String> answer = post(http, base + "/signin/passkey", cookies, form(Map.of(
                    "request", request, "csrf", csrf, "credential", authenticator.authenticate(options))));
            return answer.statusCode() == 303
                    && answer.headers().firstValue("Location").orElse("").contains("code=");
        }

        HttpResponse<String> get(HttpClient http, String url, Map<String, String> cookies) throws Exception {
            return send(http, HttpRequest.newBuilder(URI.create(url)).GET(), cookies);
        }

        HttpResponse<String> post(HttpClient http, String url, Map<String, String> cookies, String body)
                throws Exception {
            return send(
                    http,
                    HttpRequest.newBuilder(URI.create(url))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(body)),
                    cookies);
        }

        private HttpResponse<String> send(HttpClient http, HttpRequest.Builder request, Map<String, String> cookies)
                throws Exception {
            request.header("X-Forwarded-For", address);
            if (!cookies.isEmpty()) {
                request.header("Cookie", cookies.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining("; ")));
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (String header : response.headers().allValues("Set-Cookie")) {
                String pair = header.substring(0, header.indexOf(';') < 0 ? header.length() : header.indexOf(';'));
                int eq = pair.indexOf('=');
                cookies.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
            return response;
        }
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static String find(Pattern pattern, String page) {
        Matcher m = pattern.matcher(page);
        if (!m.find()) {
            throw new IllegalStateException("not a sign-in page");
        }
        return m.group(1);
    }
}
