#!/usr/bin/env bash
# Set up a virtual environment from the project's own files and run every check and test.
# Needs only Python 3.11+ (and the package registries); CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
echo "== ruff"
.venv/bin/ruff check src tests benchmarks scripts
.venv/bin/ruff format --check src tests benchmarks scripts
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest -n "${JOBS:-2}" "$@"
