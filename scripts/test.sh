#!/usr/bin/env bash
# Set up a virtual environment from the project's own files and run every check and test.
# Needs only Python 3.11+ (and the package registries); CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# Extras: cluster (Ray, for tests/cluster), rl (tests/rl), train (the training example's smoke run: sb3-contrib
# and PyTorch). PyTorch's CPU build is installed first, pinned, so that sb3-contrib pulls no other build.
.venv/bin/python -m pip install --quiet torch==2.13.0
.venv/bin/python -m pip install --quiet -e '.[dev,cluster,rl,train]'
# The browser tests drive Debian's Chromium (never a downloaded browser); as root, install it if missing.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== apt-get install chromium (browser tests)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# The server's PostgreSQL test needs a real server: as root, start one (installing it if missing).
if [ -z "${VEILLEE_TEST_POSTGRES_URL:-}" ] && [ "$(id -u)" = 0 ]; then
    echo "== PostgreSQL (server tests)"
    VEILLEE_TEST_POSTGRES_URL="$(bash scripts/postgres.sh)"
    export VEILLEE_TEST_POSTGRES_URL
fi
# The multi-process server tests need Redis and HAProxy as well (Debian's packages); as root, install and
# start them if missing (tests/server/test_cluster.py skips, saying why, only where they cannot be had).
if [ -z "${VEILLEE_TEST_REDIS_URL:-}" ] && [ "$(id -u)" = 0 ]; then
    echo "== Redis (server cluster tests)"
    VEILLEE_TEST_REDIS_URL="$(bash scripts/redis.sh)"
    export VEILLEE_TEST_REDIS_URL
fi
if ! command -v haproxy >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== apt-get install haproxy (server cluster tests)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi
echo "== ruff"
.venv/bin/ruff check src tests benchmarks scripts examples
.venv/bin/ruff format --check src tests benchmarks scripts examples
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest -n "${JOBS:-2}" --dist loadgroup "$@"
