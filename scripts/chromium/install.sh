#!/bin/sh
# Installs Debian's Chromium (/usr/bin/chromium) for the browser tests: as root directly, else
# through sudo. Never downloads a browser from anywhere but the apt repositories.
set -eu
if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
if [ "$(id -u)" = "0" ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "chromium is missing and this user can neither install packages nor sudo: run 'apt-get install -y chromium' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium
test -x /usr/bin/chromium || { echo "apt-get ran but /usr/bin/chromium is still missing" >&2; exit 1; }
echo "installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
