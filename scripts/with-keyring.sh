#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring, so tests use a real
# Secret Service without touching the user's own keyring. Usage: scripts/with-keyring.sh <command...>
set -euo pipefail
if [ -z "${WATCHDESK_IN_KEYRING:-}" ]; then
  export WATCHDESK_IN_KEYRING=1
  exec dbus-run-session -- "$0" "$@"
fi
XDG_DATA_HOME=$(mktemp -d)
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
# The password only protects this throwaway keyring, which lives for this run.
eval "$(echo -n 'watchdesk-test' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
eval "$(gnome-keyring-daemon --start --components=secrets 2>/dev/null)" || true
export GNOME_KEYRING_CONTROL
"$@"
