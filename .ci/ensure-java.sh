#!/usr/bin/env bash
# The HTML validity test (e2e/htmlValidity.e2e.ts) runs the Nu HTML Checker (vnu-jar), which is a
# Java program. vnu-jar's own install script would download a Java runtime (it is not allowed to
# run: package.json allowScripts); Debian's headless JRE is used instead. This installs it when
# `java` is missing.
set -euo pipefail
if command -v java >/dev/null 2>&1; then
  exit 0
fi
echo "The HTML validity test needs Java (for vnu.jar) and it is missing: installing Debian's default-jre-headless package."
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Cannot install Java without root. Run: sudo apt-get install -y default-jre-headless" >&2
  exit 1
fi
run_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
run_root apt-get update -qq
run_root apt-get install -y -qq default-jre-headless >/dev/null
echo "Installed $(java -version 2>&1 | head -n 1)"
