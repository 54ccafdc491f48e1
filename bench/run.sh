#!/usr/bin/env bash
# `npm run bench`: builds, seeds a fresh database of BENCH_PRODUCTS products (10,000 unless given),
# writes the plans of the catalogue's main reads and what each costs once with nothing kept
# (bench/explain.ts), starts the API and the web on
# loopback, and measures them against a bare Node server (bench/measure.ts).
# BENCH_DATA_DIR reuses a database seeded before (a copy is measured, the original stays as it was),
# since seeding 100,000 products takes many minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

export BENCH_PRODUCTS=${BENCH_PRODUCTS:-10000}
npm run build --silent
data_dir=$(mktemp -d /tmp/mp-bench-XXXXXX)
api_port=${BENCH_API_PORT:-4410}
web_port=${BENCH_WEB_PORT:-3410}
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

export DATA_DIR=$data_dir NODE_ENV=production API_HOST=127.0.0.1 API_PORT=$api_port HOST=127.0.0.1 PORT=$web_port
export API_URL=http://127.0.0.1:$api_port PUBLIC_API_URL=http://127.0.0.1:$api_port PUBLIC_WEB_URL=http://127.0.0.1:$web_port
export SESSION_SECRET=bench-session-secret JWT_SECRET=bench-jwt-secret

if [ -n "${BENCH_DATA_DIR:-}" ]; then
  echo "Copiando la base sembrada de $BENCH_DATA_DIR ..."
  cp -r "$BENCH_DATA_DIR"/. "$data_dir"/
else
  echo "Sembrando $BENCH_PRODUCTS productos en $data_dir ..."
  node build/api/seed.js --products "$BENCH_PRODUCTS"
fi
npx tsx bench/explain.ts

node build/api/main.js >"$data_dir/api.log" 2>&1 &
pids+=($!)
node build/web/server.js >"$data_dir/web.log" 2>&1 &
pids+=($!)

for url in "$API_URL/health" "$PUBLIC_WEB_URL/policy"; do
  for _ in $(seq 1 600); do curl -fs -o /dev/null "$url" && break; sleep 0.2; done
  curl -fs -o /dev/null "$url" || { echo "No arrancó: $url"; cat "$data_dir"/*.log; exit 1; }
done

npx tsx bench/measure.ts
