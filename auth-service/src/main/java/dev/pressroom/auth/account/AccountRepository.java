package dev.pressroom.auth.account;

import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Accounts, their roles per client and their licenses, in PostgreSQL. */
@ApplicationScoped
public class AccountRepository implements AccountStore {

    private static final String COLUMNS = "id, email, email_verified, name, picture, password_hash, updated_at";

    private final PostgresCalls postgres;

    public AccountRepository(PostgresCalls postgres) {
        this.postgres = postgres;
    }

    @Override
    public Uni<Account> findByEmail(String email) {
        return postgres.query("SELECT " + COLUMNS + " FROM accounts WHERE email = $1", Tuple.of(email))
                .map(AccountRepository::first);
    }

    @Override
    public Uni<Account> findById(UUID id) {
        return postgres.query("SELECT " + COLUMNS + " FROM accounts WHERE id = $1", Tuple.of(id))
                .map(AccountRepository::first);
    }

    @Override
    public Uni<Boolean> insert(Account a) {
        OffsetDateTime at = OffsetDateTime.ofInstant(a.updatedAt(), ZoneOffset.UTC);
        return postgres.query(
                        "INSERT INTO accounts (" + COLUMNS + ", created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) "
                                + "ON CONFLICT (email) DO NOTHING",
                        Tuple.tuple(Arrays.asList(
                                a.id(), a.email(), a.emailVerified(), a.name(), a.picture(), a.passwordHash(), at)))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Uni<Void> updatePasswordHash(UUID id, String previous, String hash) {
        return postgres.query(
                        "UPDATE accounts SET password_hash = $3 WHERE id = $1 AND password_hash = $2",
                        Tuple.of(id, previous, hash))
                .replaceWithVoid();
    }

    @Override
    public Uni<List<String>> roles(UUID accountId, String clientId) {
        return postgres.query(
                        "SELECT role FROM account_roles WHERE account_id = $1 AND client_id = $2 ORDER BY role",
                        Tuple.of(accountId, clientId))
                .map(rows -> {
                    List<String> roles = new ArrayList<>();
                    rows.forEach(r -> roles.add(r.getString("role")));
                    return roles;
                });
    }

    @Override
    public Uni<Void> grantRole(UUID accountId, String clientId, String role) {
        return postgres.query(
                        "INSERT INTO account_roles (account_id, client_id, role) VALUES ($1, $2, $3) "
                                + "ON CONFLICT DO NOTHING",
                        Tuple.of(accountId, clientId, role))
                .replaceWithVoid();
    }

    @Override
    public Uni<List<Map<String, Object>>> licenses(UUID accountId) {
        return postgres.query(
                        "SELECT product, plan, status, major_version FROM licenses WHERE account_id = $1 "
                                + "ORDER BY product, major_version",
                        Tuple.of(accountId))
                .map(rows -> {
                    List<Map<String, Object>> licenses = new ArrayList<>();
                    rows.forEach(r -> {
                        Map<String, Object> entry = new LinkedHashMap<>();
                        entry.put("product", r.getString("product"));
                        entry.put("plan", r.getString("plan"));
                        entry.put("status", r.getString("status"));
                        entry.put("major_version", r.getInteger("major_version"));
                        licenses.add(entry);
                    });
                    return licenses;
                });
    }

    @Override
    public Uni<Void> saveLicense(UUID accountId, String product, String plan, String status, int majorVersion) {
        return postgres.query(
                        "INSERT INTO licenses (id, account_id, product, plan, status, major_version) "
                                + "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id, product, major_version) "
                                + "DO UPDATE SET plan = EXCLUDED.plan, status = EXCLUDED.status",
                        Tuple.tuple(Arrays.asList(UUID.randomUUID(), accountId, product, plan, status, majorVersion)))
                .replaceWithVoid();
    }

    private static Account first(RowSet<Row> rows) {
        var it = rows.iterator();
        if (!it.hasNext()) {
            return null;
        }
        Row r = it.next();
        return new Account(
                r.getUUID("id"),
                r.getString("email"),
                r.getBoolean("email_verified"),
                r.getString("name"),
                r.getString("picture"),
                r.getString("password_hash"),
                r.getOffsetDateTime("updated_at").toInstant());
    }
}
