#!/usr/bin/env bash
# CI's Galera run: a 3-node MariaDB Galera cluster on this machine (scripts/galera-cluster.sh: the
# installed mariadbd and galera-4, own data folders under a fresh temporary folder, own ports),
# then
#   1. the API tests that concern a cluster, on the MariaDB half only, with DATABASE_URLs listing
#      the three nodes (GALERA_TEST_FILES overrides the list; the whole suite takes far longer than
#      this run's 5 minutes on two cores, and its SQLite half says nothing about Galera);
#   2. two API processes (npm start's server), the first on node 1 and the second on node 2, each
#      able to move to the other nodes; writers add vehicles through both, node 1 is stopped
#      (SIGTERM: a clean shutdown) in the middle of it (test/galeraLoad.ts), and the run checks that
#        - both processes answer a write again within 5 s of the stop,
#        - node 1 rejoins the cluster (Synced, 3 nodes);
#   3. the same, shorter, with node 2 killed (SIGKILL: a crash, no goodbye to the cluster, its
#      state file left as a crash leaves it): both processes answer a write again within 5 s, and
#      node 2 rejoins;
#   then every vehicle acknowledged in 2 and 3 is on each of the three nodes.
# Everything it started is stopped and its folder removed on exit, whatever happened.
# Ports (TEST_PORT_RANGE 4600-4699 by default): nodes 4611-4613 (+10, +20, +30 for group
# communication, IST and SST: scripts/galera-cluster.sh), API processes 4651 and 4652.
set -euo pipefail
cd "$(dirname "$0")/.."

export GALERA_PORT_BASE="${GALERA_PORT_BASE:-4611}"
export GALERA_DIR
# In memory where the machine has a tmpfs (/dev/shm), as scripts/ci-mariadb.sh: what is checked
# is the cluster's behaviour, not what a disk keeps after a power cut.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then galera_parent=/dev/shm; else galera_parent=/tmp; fi
GALERA_DIR="$(mktemp -d "$galera_parent/vx-galera-test.XXXXXX")"
chmod 755 "$GALERA_DIR"
api_port_a="${GALERA_API_PORT:-4651}"
api_port_b=$((api_port_a + 1))
api_pids=()

cleanup() {
  local status=$?
  for pid in "${api_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${api_pids[@]}"; do while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done; done
  bash scripts/galera-cluster.sh stop || true
  if [ "$status" != 0 ]; then
    # A node whose install failed said why already (galera-cluster.sh install_node).
    for n in 1 2 3; do echo "--- node $n log (end)" >&2; tail -20 "$GALERA_DIR/node$n/error.log" >&2 || true; done
    for f in "$GALERA_DIR"/api-*.log; do [ -f "$f" ] && { echo "--- $f (end)" >&2; tail -20 "$f" >&2; }; done
  fi
  rm -rf "$GALERA_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { echo "[galera-test $(date -u +%H:%M:%S)] $*"; }
cluster() { bash scripts/galera-cluster.sh "$@"; }

say "starting 3 nodes in $GALERA_DIR"
started=$(date +%s)
MYSQL_URL="$(cluster start)"
say "cluster of $(cluster sql 1 "show status like 'wsrep_cluster_size'" | cut -f2) nodes up in $(($(date +%s) - started)) s"

# 1. The API tests that concern a cluster: concurrent writes and their retries on two apps,
# invoice numbering (gap-free and unique) under concurrency on two apps, every table's primary
# key, and the multi-host connections. idempotency.test.ts and migrations.test.ts pass on the
# cluster too (about a minute more together): GALERA_TEST_FILES may name them.
files="${GALERA_TEST_FILES:-api/test/contention.test.ts api/test/invoiceNumbering.test.ts api/test/primaryKeys.test.ts api/test/databaseHosts.test.ts}"
say "API tests on the cluster: $files"
# shellcheck disable=SC2086
TEST_PORT_RANGE="${TEST_PORT_RANGE:-4600-4699}" TEST_ENGINES=mysql MYSQL_URL="$MYSQL_URL" TEST_WORKERS=1 npx vitest run --project api $files

# 2. Two API processes on different nodes, and a node stopped under load.
database="vx_test_galera_$(node -e 'console.log(require("crypto").randomBytes(6).toString("hex"))')"
cluster sql 1 "CREATE DATABASE \`$database\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
url_a=$(node -e 'const u = process.argv[1]; console.log(u.replace(/\/$/, "/" + process.argv[2]))' "$MYSQL_URL" "$database")
hosts=$(echo "$url_a" | sed -E 's#^mysql://[^@]*@([^/]*)/.*#\1#')
# The second process lists node 2 first, then node 3 and node 1.
rotated=$(echo "$hosts" | awk -F, '{ print $2 "," $3 "," $1 }')
url_b="${url_a/$hosts/$rotated}"
admin_password="galera-test-$(date +%s)-password"
start_api() {
  local port=$1 url=$2 name=$3
  mkdir -p "$GALERA_DIR/$name"
  PORT="$port" HOST=127.0.0.1 DATABASE_URL="$url" DATA_DIR="$GALERA_DIR/$name" ADMIN_DIST=./test-results/no-console \
    ADMIN_USERNAME=admin@example.com ADMIN_PASSWORD="$admin_password" SESSION_SECRET=galera-test-session-secret \
    PASSWORD_HASH_COST=10 LOG_LEVEL=error API_PROCESSES=1 \
    node scripts/start.mjs >"$GALERA_DIR/$name.log" 2>&1 &
  api_pids+=($!)
  for _ in $(seq 1 600); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    kill -0 "${api_pids[-1]}" 2>/dev/null || { echo "the API process $name ended" >&2; return 1; }
    sleep 0.2
  done
  echo "the API process $name did not answer" >&2
  return 1
}
say "two API processes: $api_port_a on node 1 first, $api_port_b on node 2 first"
start_api "$api_port_a" "$url_a" api-a
start_api "$api_port_b" "$url_b" api-b

# Writes through both processes while node $1 is stopped with signal $2 ($3 ms of load before, $4
# after both answered again; VINs of series $5), the figures printed; fails unless both answered a write again within
# 5 s. Then waits until the node is gone, starts it again and checks it rejoined a cluster of 3.
# Each phase's acknowledged ids are added to $acknowledged_ids.
acknowledged_ids=""
stop_under_load() {
  local node=$1 signal=$2 before=$3 after=$4 series=$5 result
  say "writing through both, stopping node $node (pid $(cluster pid "$node")) with $signal after $before ms"
  result=$(API_URLS="http://127.0.0.1:$api_port_a,http://127.0.0.1:$api_port_b" ADMIN_USERNAME=admin@example.com ADMIN_PASSWORD="$admin_password" \
    STOP_PID="$(cluster pid "$node")" STOP_SIGNAL="$signal" LOAD_BEFORE_MS="$before" LOAD_AFTER_MS="$after" COMPANY_CODE="GL-$signal-$(date +%s)" VIN_SERIES="$series" \
    npx tsx test/galeraLoad.ts)
  echo "$result" | node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    console.log(`  acknowledged writes: ${r.acknowledged.length} (${r.acknowledgedBeforeStop} before the stop)`);
    console.log(`  failed answers: ${JSON.stringify(r.failures)}`);
    console.log(`  answered a write again after the stop: ${r.answeredAgainMs.map((ms, i) => `process ${i + 1}: ${ms === null ? "never" : ms + " ms"}`).join(", ")}`);'
  echo "$result" | node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const slow = r.answeredAgainMs.filter((ms) => ms === null || ms > 5000);
    if (slow.length) { console.error("FAILED: an API process did not answer a write again within 5 s of the stop"); process.exit(1); }'

  # What the processes logged as errors meanwhile (a failed answer's cause), in short.
  grep -h '"level":"error"' "$GALERA_DIR"/api-*.log | cut -c1-400 | tail -5 || true

  say "node $node stopped ($signal); starting it again"
  cluster stop-node "$node"
  local rejoin_started
  rejoin_started=$(date +%s%N)
  cluster start-node "$node"
  say "node $node rejoined in $((($(date +%s%N) - rejoin_started) / 1000000)) ms: $(cluster sql "$node" "show status where variable_name in ('wsrep_local_state_comment', 'wsrep_cluster_size')" | tr '\t\n' '= ')"
  [ "$(cluster sql "$node" "show status like 'wsrep_cluster_size'" | cut -f2)" = 3 ] || { echo "FAILED: node $node rejoined a cluster that is not of 3 nodes" >&2; exit 1; }
  acknowledged_ids="$acknowledged_ids${acknowledged_ids:+,}$(echo "$result" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).acknowledged.join(","))')"
}

phase_started=$(date +%s)
stop_under_load 1 SIGTERM 3000 3000 A
say "clean stop phase done in $(($(date +%s) - phase_started)) s"
phase_started=$(date +%s)
# A crash: node 2 killed (process b's first host, and process a's next one after node 1).
stop_under_load 2 SIGKILL 2000 2000 B
say "crash phase done in $(($(date +%s) - phase_started)) s"

ids="${acknowledged_ids%,}"
expected=$(echo "$ids" | tr ',' '\n' | grep -c .)
for n in 1 2 3; do
  # Wait for the node to have applied what the cluster committed before the count.
  cluster sql "$n" "SET SESSION wsrep_sync_wait = 1; SELECT 1" >/dev/null
  found=$(cluster sql "$n" "SET SESSION wsrep_sync_wait = 1; SELECT COUNT(*) FROM \`$database\`.vehicles WHERE id IN ($ids)")
  say "node $n holds $found of the $expected acknowledged vehicles"
  [ "$found" = "$expected" ] || { echo "FAILED: node $n lost acknowledged writes" >&2; exit 1; }
done
say "passed in $(($(date +%s) - started)) s"
