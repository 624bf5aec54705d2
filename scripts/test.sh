#!/usr/bin/env bash
# Install everything the test suite needs, then run it. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -c constraints.txt -e ".[test]"
# Headless Chromium for the real-browser dashboard test (Debian package; best effort).
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "note: could not install chromium; the browser test will be skipped" >&2
fi
exec python3 -m pytest "$@"
