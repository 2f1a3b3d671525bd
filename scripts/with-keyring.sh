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
keyring_pid=''
cleanup() {
  [ -n "$keyring_pid" ] && kill "$keyring_pid" 2>/dev/null || true
  rm -rf "$XDG_DATA_HOME"
}
trap cleanup EXIT
# One daemon, started here in the foreground of a background job and unlocked with the password on its stdin (it
# creates the login collection with it). The password only protects this throwaway keyring, which lives for this run.
# The former `--unlock` then `--start` pair raced on a loaded machine: when the first daemon was slow to answer,
# `--start` (or a client's D-Bus activation) started a second daemon without the password, whose keyring was
# locked or had no login collection ("collection/login does not exist", "The keyring is locked").
echo -n 'watchdesk-test' | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
keyring_pid=$!
# Wait (bounded) until that daemon owns the Secret Service name and its login collection is unlocked. Until it owns
# the name only the bus itself is asked (a call to org.freedesktop.secrets would make D-Bus start a daemon of its own).
owned_by_ours() {
  local owner
  owner=$(busctl --user --timeout=2 call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
    GetConnectionUnixProcessID s org.freedesktop.secrets 2>/dev/null) || return 1
  [ "$owner" = "u $keyring_pid" ]
}
ready() {
  owned_by_ours && busctl --user --timeout=2 get-property org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
    org.freedesktop.Secret.Collection Locked 2>/dev/null | grep -qx 'b false'
}
if command -v busctl >/dev/null 2>&1; then
  for _ in $(seq 1 120); do
    ready && break
    kill -0 "$keyring_pid" 2>/dev/null || break
    sleep 0.25
  done
  ready || echo "with-keyring: the private keyring did not come up unlocked within 30 s; continuing" >&2
else
  sleep 1
fi
"$@"
