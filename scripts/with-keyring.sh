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
PASSWORD='watchdesk-test'
unlock() {
  eval "$(echo -n "$PASSWORD" | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
  eval "$(gnome-keyring-daemon --start --components=secrets 2>/dev/null)" || true
}
# "false" once the login collection exists and is unlocked; anything else (an error, "true") while it is not.
login_locked() {
  busctl --user --timeout=2 get-property org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
    org.freedesktop.Secret.Collection Locked 2>/dev/null | awk '{ print $2 }'
}
unlock
# On a loaded machine the daemon creates the login collection a moment after it answers: a first write before that
# fails with "collection/login does not exist" or "The keyring is locked". Wait (bounded) until it is there and
# unlocked; unlock once more half way, in case the first unlock was lost.
if command -v busctl >/dev/null 2>&1; then
  for attempt in $(seq 1 60); do
    [ "$(login_locked)" = "false" ] && break
    [ "$attempt" = 30 ] && unlock
    sleep 0.25
  done
  [ "$(login_locked)" = "false" ] || echo "with-keyring: the private keyring's login collection is not ready; continuing" >&2
fi
export GNOME_KEYRING_CONTROL
"$@"
