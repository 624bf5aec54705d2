#!/usr/bin/env bash
# Install everything the test suite needs into a virtual environment, then run the whole suite.
# The environment is the active one ($VIRTUAL_ENV), else $PAPER_TRENDS_VENV, else .venv/ in the
# checkout (created when missing: the README's first command creates the same one). Extra
# arguments go to pytest. Headless Chromium (Debian's package) is required for the browser test: the script
# installs it when run as root and fails when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VIRTUAL_ENV:-${PAPER_TRENDS_VENV:-.venv}}"
if [ ! -x "$VENV/bin/python" ]; then
  echo "scripts/test.sh: creating the virtual environment $VENV" >&2
  python3 -m venv "$VENV"
fi
echo "scripts/test.sh: installing the test extras into $VENV" >&2
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -c constraints.txt -e ".[test]"
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "error: the browser test needs Chromium; install Debian's 'chromium' package (as root: apt-get install chromium)" >&2
    exit 1
  fi
fi
exec "$VENV/bin/python" -m pytest "$@"
