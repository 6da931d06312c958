#!/usr/bin/env bash
# Makes sure a binary the tests need exists: $<VAR> if set and executable, else Debian's
# /usr/bin/<binary>, installed with apt-get (package <package>) when missing.
# Usage: ensure-debian-binary.sh <VAR> <binary> <package> <needed by>
# Used for chromium (the Playwright tests) and redis-server (the shared-limit tests, which
# start and stop their own server on a free port: the package's system service is stopped).
set -euo pipefail
var="$1" binary="$2" package="$3" purpose="$4"
override="${!var:-}"
if [ -n "$override" ] && [ -x "$override" ]; then exit 0; fi
if [ -x "/usr/bin/$binary" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Debian's $package (needed by $purpose)…" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$package" >/dev/null
if [ "$binary" = redis-server ]; then
  ($SUDO systemctl stop redis-server 2>/dev/null || $SUDO service redis-server stop 2>/dev/null || true) >/dev/null
fi
"/usr/bin/$binary" --version >&2
