#!/usr/bin/env bash
# The PostgreSQL test lane needs a server on 127.0.0.1:5432 (trust auth for user postgres) with a
# database called "test". Installs Debian's postgresql when absent and starts it when stopped.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "PostgreSQL is not installed: installing Debian's postgresql package."
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version="$(ls /etc/postgresql | sort -n | tail -n 1)"
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  echo "Starting PostgreSQL $version."
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
fi
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5432
# Trust auth for the local test user, as the CI machines have it.
if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  echo "Allowing trust auth on loopback for the test lane ($hba)."
  sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload
fi
psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -c 'create database test'
