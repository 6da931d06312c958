#!/usr/bin/env bash
# Makes sure a redis-server binary exists for the shared-limit tests: $REDIS_SERVER if set,
# else Debian's /usr/bin/redis-server, installed with apt-get when missing. The tests start
# and stop their own server on a free port; nothing is left running.
set -euo pipefail
if [ -n "${REDIS_SERVER:-}" ] && [ -x "$REDIS_SERVER" ]; then exit 0; fi
if [ -x /usr/bin/redis-server ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Debian's redis-server (needed by the shared-limit tests)…" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
# The package starts a system service; the tests need only the binary.
($SUDO systemctl stop redis-server 2>/dev/null || $SUDO service redis-server stop 2>/dev/null || true) >/dev/null
/usr/bin/redis-server --version >&2
