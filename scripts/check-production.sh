#!/usr/bin/env bash
# The production path of docs/operations.md, as CI checks it: build the tree, copy it without
# node_modules, install with `npm ci --omit=dev`, then start it, sign in, read, migrate, back up
# and stop. No build tool (vite, tsx, typescript, esbuild) may be needed, or installed, there.
# `npm run build` keeps a console already built from these same sources (scripts/build.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

npm run build --silent
work="$(mktemp -d)"
check_name="production path"
source scripts/lib/server-check.sh
port=$(free_port)

app="$work/app"
mkdir -p "$app"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$app"
mkdir -p "$app/dist"
cp -r dist/api "$app/dist/api"
cp -r admin/dist "$app/admin/dist"
(cd "$app" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
for tool in vite tsx typescript esbuild; do
  if [ -e "$app/node_modules/$tool" ]; then echo "production install has $tool" >&2; exit 1; fi
done

export PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" DATABASE_URL="sqlite:$work/data/app.sqlite" \
  ADMIN_USERNAME=owner@production.example ADMIN_PASSWORD='production owner password' LOG_LEVEL=error
(cd "$app" && exec node scripts/start.mjs) > "$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
healthy_and_signed_in owner@production.example 'production owner password'
curl -fs -b "$work/cookies" "$base/api/vehicles" -o /dev/null
contains '<div id="root">' "$(curl -fs "$base/vehicles")"
# An invoice: the compiled PDF worker finds its Typst template and fonts in the production tree.
post() { curl -fs -b "$work/cookies" -H 'content-type: application/json' -d "$2" "$base/api/$1"; }
company=$(post companies '{"name":"Production Traders","code":"PROD"}' | json_id)
shipper=$(post users "{\"username\":\"shipper@production.example\",\"password\":\"shipper password 123\",\"role\":\"SHIPPER\",\"companyId\":$company}" | json_id)
container=$(post containers "{\"number\":\"MSCU1234565\",\"companyId\":$company,\"shipperId\":$shipper}" | json_id)
post invoice "{\"containerIds\":[$container],\"paymentMethod\":\"cash\",\"date\":\"2026-11-24\",\"buyerName\":\"معرض 77 للسيارات\",\"salePrice\":\"100\"}" > "$work/invoice.pdf"
contains '%PDF-' "$(head -c 5 "$work/invoice.pdf")"
contains 'Pending: none' "$(cd "$app" && npm run --silent migrate -- status)"
backup_report=$(cd "$app" && npm run --silent backup -- "$work/copy.sqlite")
contains 'integrity ok' "$backup_report"
contains 'session-secret' "$backup_report"
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""
echo "production path: ok (npm ci --omit=dev, compiled API, console, sign-in, migrate, backup, stop)"
