#!/usr/bin/env bash
# Start a local PostgreSQL server for the tests and print the URL of a fresh, empty test database.
# Root only (CI and the project's machines): installs Debian's postgresql if it is missing.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
read -r version name port _ < <(pg_lsclusters -h | head -n 1)
pg_ctlcluster "$version" "$name" start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.5
done
su postgres -c "psql -q -p $port" >&2 <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'veillee') THEN
    CREATE ROLE veillee LOGIN PASSWORD 'veillee';
  END IF;
END $$;
DROP DATABASE IF EXISTS veillee_test;
CREATE DATABASE veillee_test OWNER veillee;
SQL
echo "postgresql+psycopg://veillee:veillee@127.0.0.1:${port}/veillee_test"
