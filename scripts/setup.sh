#!/usr/bin/env bash
# One-time set-up on Debian/Ubuntu: the system packages the tests need, then the exact npm dependencies.
#   chromium          the browser the end-to-end tests drive
#   chromium-headless-shell  the same Chromium without the desktop browser's interface: most end-to-end tests run on
#                     it, for less CPU (playwright.config.ts)
#   libsecret-1-dev   lets keytar (the OS keychain binding) compile
#   gnome-keyring     a real Secret Service for the keychain tests
#   dbus, dbus-x11    a private D-Bus session for those tests
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(chromium chromium-headless-shell libsecret-1-dev gnome-keyring dbus dbus-x11)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
npm ci --no-audit --no-fund
