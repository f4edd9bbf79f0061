#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine (system packages, npm packages), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The end-to-end specs drive the headless shell (lighter than the full browser headless: e2e/harness.ts).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# Training videos: the tests and the benchmark make real mp4 files with it.
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
if [ ${#missing[@]} -gt 0 ]; then
  echo "ci: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
npm ci --no-fund --no-audit
# The summary at the end of npm test lists the install as the first stage.
# CI keeps only the output: the end-to-end specs' screenshots for people (e2e/harness.ts) are not taken.
E2E_SCREENSHOTS=off CI_INSTALL_SECONDS=$((SECONDS - started)) npm test
