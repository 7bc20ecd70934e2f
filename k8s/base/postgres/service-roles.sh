#!/bin/sh
# One PostgreSQL role per service schema: each service connects as `<schema>_service`, which owns
# its own schema (its migrations create the tables there) and has no right on any other schema. Idempotent: it
# creates what is missing and (re)sets every password, so run it again after rotating one.
#
# Runs as the database owner (POSTGRES_USER), with psql's usual PG* variables:
#   - Kubernetes: the Job `postgres-roles` (k8s/base/postgres-roles.yaml) against the postgres Service;
#   - docker compose: by the postgres image's entrypoint from /docker-entrypoint-initdb.d on a new volume;
#   - tests/deploy/postgres-roles.test.ts against a throwaway database.
# Passwords: DB_PASSWORD_<SCHEMA> (DB_PASSWORD_AUTH, DB_PASSWORD_BANK_SYNC, ...), letters, digits and . _ ~ -
# only, because the services put them into DATABASE_URL as they are (make them with `openssl rand -hex 24`).
# ROLE_PREFIX (default empty) prefixes every role name; the tests use it so parallel runs never share roles.
set -eu

database="${POSTGRES_DB:?set POSTGRES_DB: the product database}"
schemas="${SERVICE_SCHEMAS:-auth finance bank_sync admin blog household waitlist}"

for schema in $schemas; do
  role="${ROLE_PREFIX:-}${schema}_service"
  variable="DB_PASSWORD_$(printf '%s' "$schema" | tr '[:lower:]' '[:upper:]')"
  eval "password=\${$variable:-}"
  if [ -z "$password" ]; then
    echo "service-roles: $variable is not set (the password of role $role)" >&2
    exit 1
  fi
  case "$password" in
    *[!A-Za-z0-9._~-]*)
      echo "service-roles: $variable holds characters a URL would need escaped; use letters, digits and . _ ~ -" >&2
      exit 1
      ;;
  esac

  psql -X -q -v ON_ERROR_STOP=1 --username "${PGUSER:-${POSTGRES_USER:-postgres}}" --dbname "$database" \
    -v role="$role" -v schema="$schema" -v password="$password" -v database="$database" <<'SQL'
SET client_min_messages = warning;
-- The role: log in, nothing more. The password is set on every run (a rotated Secret takes effect).
SELECT format('CREATE ROLE %I LOGIN', :'role')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
ALTER ROLE :"role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS
  PASSWORD :'password';

-- Connect to the product database only (PUBLIC loses CONNECT and TEMPORARY there), and create nothing in the
-- shared public schema.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"role";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
-- No CREATE on the database (no new schemas): libs/nest-kit's ensureSchema creates a schema only when it is
-- missing, and this script has made it. An earlier version of the script granted it; take it back.
REVOKE CREATE ON DATABASE :"database" FROM :"role";

-- The role owns its schema, so the migration runner can create and alter its tables; PUBLIC gets nothing.
CREATE SCHEMA IF NOT EXISTS :"schema" AUTHORIZATION :"role";
ALTER SCHEMA :"schema" OWNER TO :"role";
REVOKE ALL ON SCHEMA :"schema" FROM PUBLIC;

-- A database from before per-service roles: hand what the old shared role created in the schema to the
-- service's role (tables with their indexes and owned sequences, views, free sequences, routines, enum types).
SELECT format('ALTER %s %I.%I OWNER TO %I',
              CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                             ELSE 'TABLE' END,
              n.nspname, c.relname, :'role')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = :'schema'
   AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
   AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = :'role')
   -- a sequence behind a serial or identity column follows its table
   AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d
                                         WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                           AND d.deptype IN ('a', 'i'))) \gexec
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'role')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = :'schema' AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER TYPE %I.%I OWNER TO %I', n.nspname, t.typname, :'role')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname = :'schema' AND t.typtype = 'e'
   AND t.typowner <> (SELECT oid FROM pg_roles WHERE rolname = :'role') \gexec
SQL
  echo "service-roles: $role owns schema $schema"
done
