#!/usr/bin/env bash
# Installs the Debian packages the tests need and a fresh machine lacks: Chromium for the end-to-end
# tests, gnome-keyring + D-Bus + libsecret for the real keychain tests, fonts for readable screenshots,
# poppler-utils (pdftoppm) to render box-label PDFs for the barcode-scanning test, PostgreSQL's server
# binaries for the tests of the store that several desks share (the tests start their own server).
# Does nothing when they are all present. Runs as root, or through sudo.
set -euo pipefail
PACKAGES=(chromium gnome-keyring libsecret-1-0 dbus dbus-x11 fonts-dejavu-core poppler-utils postgresql)

if ! command -v dpkg >/dev/null 2>&1; then
  echo "system-packages: not a Debian-like system; install the equivalents of: ${PACKAGES[*]}" >&2
  exit 0
fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "system-packages: missing ${missing[*]}; install them as root (apt-get install ${missing[*]})." >&2
    exit 1
  fi
fi
echo "system-packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
