#!/usr/bin/env bash
# `npm test`: type check, lint, unit and API tests, then the end-to-end tests against the built store.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests need: Chromium's headless shell for the browser tests, PostgreSQL 15 for the real-server tests.
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "Instalando paquetes de Debian: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The type check and ESLint each keep one core busy for about 25 s: they run side by side.
echo "== Comprobación de tipos, y a la vez ESLint (incluidas las fronteras entre web, API y contrato) y Prettier"
tsc_log=$(mktemp)
npx tsc --noEmit >"$tsc_log" 2>&1 &
tsc_pid=$!
lint_status=0
{ npx eslint --max-warnings 0 . && npx prettier --check . --log-level warn; } || lint_status=$?
tsc_status=0
wait "$tsc_pid" || tsc_status=$?
cat "$tsc_log"
rm -f "$tsc_log"
if [ "$tsc_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "La comprobación de tipos (código $tsc_status) o ESLint y Prettier (código $lint_status) fallaron."
  exit 1
fi

echo "== Pruebas unitarias y de la API"
npx vitest run

echo "== Compilación"
npm run build --silent

echo "== Pruebas de extremo a extremo (JavaScript activado y desactivado)"
npx playwright test
