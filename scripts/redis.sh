#!/usr/bin/env bash
# Start a local Redis server for the tests (if none answers on the port) and print its URL.
# Root only (CI and the project's machines): installs Debian's redis-server if it is missing.
# The server keeps nothing on disk (no RDB, no AOF): the tests need only pub/sub and a few keys.
set -euo pipefail
port="${VEILLEE_TEST_REDIS_PORT:-6379}"
if ! command -v redis-server >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2
fi
if ! redis-cli -p "$port" ping >/dev/null 2>&1; then
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "/tmp/veillee-test-redis-$port.pid" --logfile "/tmp/veillee-test-redis-$port.log" >&2
  for _ in $(seq 1 30); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.2
  done
fi
redis-cli -p "$port" ping >/dev/null
echo "redis://127.0.0.1:${port}/0"
