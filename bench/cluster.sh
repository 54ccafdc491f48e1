#!/usr/bin/env bash
# `npm run bench:cluster`: builds, then measures one API and one web against two of each on one
# PostgreSQL 15 with 10,000 products (bench/cluster.ts); writes bench/results/cluster-latest.json.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run build --silent
npx tsx bench/cluster.ts
