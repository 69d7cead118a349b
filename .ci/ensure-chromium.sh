#!/usr/bin/env bash
# The browser tests (Storybook stories and end-to-end) drive Debian's Chromium, because
# Playwright's own browser download cannot run on these machines. This installs it when missing.
set -euo pipefail
chromium_path="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
echo "Browser tests need Chromium at $chromium_path and it is missing: installing Debian's chromium package."
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Cannot install Chromium without root. Run: sudo apt-get install -y chromium (or set CHROME_PATH)." >&2
  exit 1
fi
run_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
run_root apt-get update -qq
run_root apt-get install -y -qq chromium >/dev/null
echo "Installed $("$chromium_path" --version 2>/dev/null | tail -n 1)"
