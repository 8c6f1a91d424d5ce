#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring and a temporary HOME,
# so keychain tests use a real Secret Service without touching the user's own keyring.
# Where dbus-run-session or gnome-keyring-daemon is missing, runs the command as it is; the keychain
# tests then print why they are skipped.
set -euo pipefail
if [ -n "${DOCKDESK_IN_KEYRING:-}" ]; then exec "$@"; fi
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  keyring_home=$(mktemp -d)
  export DOCKDESK_KEYRING_HOME="$keyring_home"
  status=0
  dbus-run-session -- bash -c '
    set -euo pipefail
    export HOME="$DOCKDESK_KEYRING_HOME" DOCKDESK_IN_KEYRING=1
    printf "dockdesk-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    exec "$@"' bash "$@" || status=$?
  rm -rf "$keyring_home"
  exit "$status"
else
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon is not installed; keychain tests will say they are skipped." >&2
  exec "$@"
fi
