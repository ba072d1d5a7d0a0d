#!/bin/sh
# First start of an empty data directory only (docker-entrypoint-initdb.d): one role and one database per
# service, each role owning its database, so a service can neither read nor migrate the other's data.
set -eu
create() {
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v role="$1" -v password="$2" -v db="$3" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
}
create "$CONTENT_PG_USER" "$CONTENT_PG_PASSWORD" "$CONTENT_DB_NAME"
create "$AUTH_PG_USER" "$AUTH_PG_PASSWORD" "$AUTH_DB_NAME"
