package dev.pressroom.auth.client;

import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Clients in PostgreSQL. */
@ApplicationScoped
public class ClientRepository {

    private static final String COLUMNS = "id, secret_hash, name, redirect_uris, post_logout_redirect_uris, scopes, "
            + "auth_method, kind, verified, verified_by, verified_at, created_by, created_at, "
            + "logo_uri, client_uri, policy_uri, tos_uri, require_pushed_authorization_requests, jwks, jwks_uri, "
            + "id_token_signed_response_alg, dpop_bound_access_tokens, backchannel_logout_uri, "
            + "backchannel_logout_session_required";

    private final PostgresCalls postgres;

    public ClientRepository(PostgresCalls postgres) {
        this.postgres = postgres;
    }

    public Uni<Client> find(String id) {
        return postgres.query("SELECT " + COLUMNS + " FROM clients WHERE id = $1", Tuple.of(id))
                .map(ClientRepository::first);
    }

    public Uni<Void> insert(SqlClient sql, Client c, String registrationTokenHash) {
        return sql.preparedQuery(
                        "INSERT INTO clients (" + COLUMNS + ", registration_token_hash) VALUES "
                                + "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)")
                .execute(tuple(c).addString(registrationTokenHash))
                .replaceWithVoid();
    }

    /** Creates or replaces a first-party client; the previous secret stops working. */
    public Uni<Void> upsertFirstParty(Client c) {
        return postgres.query(
                        "INSERT INTO clients (" + COLUMNS + ") VALUES "
                                + "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) "
                                + "ON CONFLICT (id) DO UPDATE SET "
                                + "secret_hash = EXCLUDED.secret_hash, name = EXCLUDED.name, "
                                + "redirect_uris = EXCLUDED.redirect_uris, "
                                + "post_logout_redirect_uris = EXCLUDED.post_logout_redirect_uris, scopes = EXCLUDED.scopes, "
                                + "auth_method = EXCLUDED.auth_method, logo_uri = EXCLUDED.logo_uri, "
                                + "client_uri = EXCLUDED.client_uri, policy_uri = EXCLUDED.policy_uri, "
                                + "tos_uri = EXCLUDED.tos_uri, "
                                + "require_pushed_authorization_requests = EXCLUDED.require_pushed_authorization_requests, "
                                + "jwks = EXCLUDED.jwks, jwks_uri = EXCLUDED.jwks_uri, "
                                + "id_token_signed_response_alg = EXCLUDED.id_token_signed_response_alg, "
                                + "dpop_bound_access_tokens = EXCLUDED.dpop_bound_access_tokens, "
                                + "backchannel_logout_uri = EXCLUDED.backchannel_logout_uri, "
                                + "backchannel_logout_session_required = EXCLUDED.backchannel_logout_session_required "
                                + "WHERE clients.kind = 'first_party'",
                        tuple(c))
                .replaceWithVoid();
    }

    /** The client if it was registered dynamically and the registration access token hash matches, else null. */
    public Uni<Client> findRegistered(String id, String registrationTokenHash) {
        return postgres.query(
                        "SELECT " + COLUMNS
                                + ", registration_token_hash FROM clients WHERE id = $1 AND kind = 'dynamic'",
                        Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return null;
                    }
                    Row row = it.next();
                    return dev.pressroom.kernel.id.Tokens.constantTimeEquals(
                                    row.getString("registration_token_hash"), registrationTokenHash)
                            ? map(row)
                            : null;
                });
    }

    /**
     * RFC 7592 §2.2: replaces the metadata and the registration access token, provided the old token is still the
     * current one. A verified client that changes what people see or where they are sent (its name, logo, pages, any
     * redirect or post-logout URI) loses the badge until staff check it again; the comparison runs on the row being
     * replaced, so it holds however the updates interleave.
     */
    public Uni<Boolean> updateMetadata(Client c, String oldTokenHash, String newTokenHash) {
        String unchanged = "(name = $2 AND redirect_uris = $3 AND post_logout_redirect_uris = $4 "
                + "AND logo_uri IS NOT DISTINCT FROM $8 AND client_uri IS NOT DISTINCT FROM $9 "
                + "AND policy_uri IS NOT DISTINCT FROM $10 AND tos_uri IS NOT DISTINCT FROM $11)";
        return postgres.query(
                        "UPDATE clients SET name = $2, redirect_uris = $3, post_logout_redirect_uris = $4, "
                                + "scopes = $5, verified = verified AND " + unchanged + ", "
                                + "verified_by = CASE WHEN " + unchanged + " THEN verified_by END, "
                                + "verified_at = CASE WHEN " + unchanged + " THEN verified_at END, "
                                + "logo_uri = $8, client_uri = $9, policy_uri = $10, tos_uri = $11, "
                                + "registration_token_hash = $7, require_pushed_authorization_requests = $12, "
                                + "jwks = $13, jwks_uri = $14, id_token_signed_response_alg = $15, "
                                + "dpop_bound_access_tokens = $16, backchannel_logout_uri = $17, "
                                + "backchannel_logout_session_required = $18 "
                                + "WHERE id = $1 AND kind = 'dynamic' AND registration_token_hash = $6",
                        Tuple.tuple(Arrays.asList(
                                c.id(),
                                c.name(),
                                c.redirectUris().toArray(String[]::new),
                                c.postLogoutRedirectUris().toArray(String[]::new),
                                c.scopes().toArray(String[]::new),
                                oldTokenHash,
                                newTokenHash,
                                c.links().logoUri(),
                                c.links().clientUri(),
                                c.links().policyUri(),
                                c.links().tosUri(),
                                c.requirePushedAuthorizationRequests(),
                                c.jwks(),
                                c.jwksUri(),
                                c.idTokenSignedResponseAlg().name(),
                                c.dpopBoundAccessTokens(),
                                c.backchannelLogoutUri(),
                                c.backchannelLogoutSessionRequired())))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * RFC 7592 §2.3: deletes a dynamically registered client and its consents in one transaction; answers the
     * accounts that had consented (their tokens are revoked next), or null when the id and token match no client.
     * The client's row is locked first: a consent being given meanwhile (its foreign key check) waits, so none is
     * missed.
     */
    public Uni<List<String>> deleteRegistered(String id, String registrationTokenHash) {
        return postgres.inTransaction(sql -> sql.preparedQuery(
                        "SELECT id FROM clients WHERE id = $1 AND kind = 'dynamic' "
                                + "AND registration_token_hash = $2 FOR UPDATE")
                .execute(Tuple.of(id, registrationTokenHash))
                .chain(found -> found.rowCount() == 0
                        ? Uni.createFrom().<List<String>>nullItem()
                        : sql.preparedQuery("DELETE FROM consents WHERE client_id = $1 RETURNING account_id")
                                .execute(Tuple.of(id))
                                .call(() -> sql.preparedQuery("DELETE FROM clients WHERE id = $1")
                                        .execute(Tuple.of(id)))
                                .map(ClientRepository::accountIds)));
    }

    private static List<String> accountIds(RowSet<Row> rows) {
        List<String> ids = new ArrayList<>();
        rows.forEach(row -> ids.add(row.getUUID("account_id").toString()));
        return ids;
    }

    public Uni<Boolean> markVerified(String id, String verifiedBy, Instant at) {
        return postgres.query(
                        "UPDATE clients SET verified = true, verified_by = $2, verified_at = $3 WHERE id = $1",
                        Tuple.of(id, verifiedBy, OffsetDateTime.ofInstant(at, ZoneOffset.UTC)))
                .map(rows -> rows.rowCount() == 1);
    }

    private static Tuple tuple(Client c) {
        return Tuple.tuple(Arrays.asList(
                c.id(),
                c.secretHash(),
                c.name(),
                c.redirectUris().toArray(String[]::new),
                c.postLogoutRedirectUris().toArray(String[]::new),
                c.scopes().toArray(String[]::new),
                c.authMethod(),
                c.kind().name().toLowerCase(Locale.ROOT),
                c.verified(),
                c.verifiedBy(),
                c.verifiedAt() == null ? null : OffsetDateTime.ofInstant(c.verifiedAt(), ZoneOffset.UTC),
                c.createdBy(),
                OffsetDateTime.ofInstant(c.createdAt(), ZoneOffset.UTC),
                c.links().logoUri(),
                c.links().clientUri(),
                c.links().policyUri(),
                c.links().tosUri(),
                c.requirePushedAuthorizationRequests(),
                c.jwks(),
                c.jwksUri(),
                c.idTokenSignedResponseAlg().name(),
                c.dpopBoundAccessTokens(),
                c.backchannelLogoutUri(),
                c.backchannelLogoutSessionRequired()));
    }

    private static Client first(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? map(it.next()) : null;
    }

    static Client map(Row r) {
        OffsetDateTime verifiedAt = r.getOffsetDateTime("verified_at");
        return new Client(
                r.getString("id"),
                r.getString("secret_hash"),
                r.getString("name"),
                List.of(r.getArrayOfStrings("redirect_uris")),
                List.of(r.getArrayOfStrings("post_logout_redirect_uris")),
                List.of(r.getArrayOfStrings("scopes")),
                new ClientMetadata.Links(
                        r.getString("logo_uri"),
                        r.getString("client_uri"),
                        r.getString("policy_uri"),
                        r.getString("tos_uri")),
                r.getString("auth_method"),
                Client.Kind.valueOf(r.getString("kind").toUpperCase(Locale.ROOT)),
                r.getBoolean("verified"),
                r.getString("verified_by"),
                verifiedAt == null ? null : verifiedAt.toInstant(),
                r.getString("created_by"),
                r.getOffsetDateTime("created_at").toInstant(),
                r.getBoolean("require_pushed_authorization_requests"),
                r.getString("jwks"),
                r.getString("jwks_uri"),
                JwsAlgorithm.valueOf(r.getString("id_token_signed_response_alg")),
                r.getBoolean("dpop_bound_access_tokens"),
                r.getString("backchannel_logout_uri"),
                r.getBoolean("backchannel_logout_session_required"));
    }
}
