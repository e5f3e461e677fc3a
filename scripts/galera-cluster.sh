#!/usr/bin/env bash
# A 3-node MariaDB Galera cluster on this machine, from the installed mariadbd and galera-4: each
# node with its own data folder under $GALERA_DIR and its own ports, nothing shared with another
# MariaDB here. Used by scripts/galera-test.sh; by hand:
#   scripts/galera-cluster.sh start        starts (or reuses) the three nodes, prints the MYSQL_URL (all hosts)
#   scripts/galera-cluster.sh stop-node N  stops node N (1 to 3) cleanly and waits until it is gone
#                                          (a node already killed: forgets its pid file)
#   scripts/galera-cluster.sh start-node N starts node N again: it rejoins (IST, or SST by rsync)
#   scripts/galera-cluster.sh wait-synced N  waits until node N is Synced in a cluster of 3
#   scripts/galera-cluster.sh pid N | port N | sql N "statement"
#   scripts/galera-cluster.sh stop         stops every node
# Ports (GALERA_PORT_BASE, 4611 by default): node N serves clients on base+N-1, and uses
# base+10+N-1 for group communication, base+20+N-1 for incremental state transfers (IST) and
# base+30+N-1 for full ones (SST, rsync: mariabackup is not installed here).
set -euo pipefail
base_port="${GALERA_PORT_BASE:-4611}"
dir="${GALERA_DIR:-/tmp/vx-galera-$base_port}"
provider=/usr/lib/galera/libgalera_smm.so
user=vx_ci
password='vx ci #password'

port() { echo $((base_port + $1 - 1)); }
gcomm_port() { echo $((base_port + 10 + $1 - 1)); }
node_dir() { echo "$dir/node$1"; }
socket() { echo "$(node_dir "$1")/mysqld.sock"; }
pidfile() { echo "$(node_dir "$1")/mysqld.pid"; }
sql() { mariadb --no-defaults --socket="$(socket "$1")" -uroot -N -e "$2"; }
status() { sql "$1" "show status like '$2'" 2>/dev/null | cut -f2; }
cluster_address() { echo "gcomm://127.0.0.1:$(gcomm_port 1),127.0.0.1:$(gcomm_port 2),127.0.0.1:$(gcomm_port 3)"; }

# A node's data folder, made the first time.
install_node() {
  local d
  d=$(node_dir "$1")
  if [ ! -d "$d/data/mysql" ]; then
    # A temporary folder of its own (--tmpdir, also the server's below): a MariaDB starting up
    # deletes the temporary tables it finds in its tmpdir, so installs side by side in a shared
    # /tmp removed each other's, and one failed now and then ("Can't find file
    # '/tmp/#sql-temptable-…'": 2 installs in 12 here, and CI's Galera run of 27 Nov).
    mkdir -p "$d/tmp"
    chown mysql:mysql "$d" "$d/tmp" 2>/dev/null || true
    if ! mariadb-install-db --no-defaults --user=mysql --datadir="$d/data" --tmpdir="$d/tmp" --auth-root-authentication-method=socket >"$d/install.log" 2>&1; then
      # Said here, as it happens: the caller's clean-up removes the folder with its log.
      echo "node $1: mariadb-install-db failed in $d; its errors, and the space left there:" >&2
      grep -i -E 'error|fail' "$d/install.log" | head -20 >&2 || true
      df -h "$d" >&2 || true
      return 1
    fi
  fi
}

start_node() {
  local n=$1 d
  d=$(node_dir "$n")
  install_node "$n"
  local extra=()
  # The first node founds the cluster once; afterwards it joins the others like any node.
  if [ "$n" = 1 ] && [ ! -e "$dir/founded" ]; then extra+=(--wsrep-new-cluster); fi
  # Started detached (setsid) with its own pid file, so `stop` ends this node and no other process.
  # What production needs for Galera: row-based binary log format, InnoDB, interleaved
  # auto-increment locks. Commits are flushed once a second (as scripts/ci-mariadb.sh): the
  # cluster's copies are what keeps a commit here. A node that vanishes without a goodbye (a crash,
  # kill -9, a cut cable) holds every commit of the others until it is suspected dead and dropped
  # from the view: evs.suspect_timeout, 5 s by default, 2 s here (with keepalives every 0.5 s,
  # which must be under a third of it; the cluster is on one network;
  # docs/operations.md, Scale-out), so writes go on within 5 s of a crash.
  setsid /usr/sbin/mariadbd --no-defaults --user=mysql \
    --datadir="$d/data" --tmpdir="$d/tmp" --port="$(port "$n")" --bind-address=127.0.0.1 --socket="$(socket "$n")" \
    --pid-file="$(pidfile "$n")" --log-error="$d/error.log" \
    --binlog-format=ROW --default-storage-engine=InnoDB --innodb-autoinc-lock-mode=2 \
    --innodb-flush-log-at-trx-commit=2 --innodb-doublewrite=0 --innodb-buffer-pool-size=64M \
    --wsrep-on=ON --wsrep-provider="$provider" --wsrep-cluster-name="vx-galera-$base_port" \
    --wsrep-cluster-address="$(cluster_address)" --wsrep-node-name="node$n" \
    --wsrep-node-address="127.0.0.1:$(gcomm_port "$n")" \
    --wsrep-provider-options="gmcast.listen_addr=tcp://127.0.0.1:$(gcomm_port "$n");ist.recv_addr=127.0.0.1:$((base_port + 20 + n - 1));gcache.size=128M;evs.keepalive_period=PT0.5S;evs.suspect_timeout=PT2S" \
    --wsrep-sst-method=rsync --wsrep-sst-receive-address="127.0.0.1:$((base_port + 30 + n - 1))" \
    "${extra[@]}" </dev/null >/dev/null 2>&1 &
  wait_synced "$n"
  touch "$dir/founded"
}

# Until the node answers, is Synced, and sees the cluster it should (3 nodes unless one is stopped).
wait_synced() {
  local n=$1
  for _ in $(seq 1 600); do
    if [ "$(status "$n" wsrep_local_state_comment)" = Synced ] && [ "$(status "$n" wsrep_ready)" = ON ]; then return 0; fi
    sleep 0.2
  done
  echo "node $n did not become Synced; its log: $(node_dir "$n")/error.log" >&2
  tail -30 "$(node_dir "$n")/error.log" >&2
  return 1
}

stop_node() {
  local pf pid
  pf=$(pidfile "$1")
  if [ -f "$pf" ]; then
    pid=$(cat "$pf")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 600); do
      [ -e "$pf" ] || return 0
      # A node that was killed (SIGKILL) left its pid file: gone is stopped.
      kill -0 "$pid" 2>/dev/null || { rm -f "$pf"; return 0; }
      sleep 0.1
    done
    echo "node $1 did not stop" >&2
    return 1
  fi
}

action="${1:-start}"
case "$action" in
  start)
    mkdir -p "$dir"
    # The three data folders at once (each install mostly waits on the disk), then the nodes one
    # after another: each joins the cluster the one before it founded or joined.
    pids=()
    for n in 1 2 3; do install_node "$n" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid"; done
    for n in 1 2 3; do
      if ! mariadb-admin --no-defaults --socket="$(socket "$n")" -uroot ping >/dev/null 2>&1; then start_node "$n"; fi
    done
    [ "$(status 1 wsrep_cluster_size)" = 3 ] || { echo "the cluster has $(status 1 wsrep_cluster_size) nodes, not 3" >&2; exit 1; }
    # The documented grants (docs/operations.md) on the tests' databases, as scripts/ci-mariadb.sh.
    # Users are replicated by Galera: made once on node 1.
    GRANTS="CREATE, ALTER, INDEX, DROP, SELECT, INSERT, UPDATE, DELETE, REFERENCES"
    for host in localhost 127.0.0.1; do
      sql 1 "CREATE USER IF NOT EXISTS '$user'@'$host' IDENTIFIED BY '$password'"
      sql 1 "GRANT $GRANTS ON \`vx\\_test\\_%\`.* TO '$user'@'$host'"
    done
    encoded=$(node -e 'console.log(encodeURIComponent(process.argv[1]))' "$password")
    echo "mysql://$user:$encoded@127.0.0.1:$(port 1),127.0.0.1:$(port 2),127.0.0.1:$(port 3)/"
    ;;
  start-node) start_node "$2" ;;
  stop-node) stop_node "$2" ;;
  wait-synced) wait_synced "$2" ;;
  pid) cat "$(pidfile "$2")" ;;
  port) port "$2" ;;
  sql) sql "$2" "$3" ;;
  stop)
    # The last node stops last, so the cluster's state is kept by one node at the end.
    for n in 3 2 1; do stop_node "$n" || true; done
    ;;
  *) echo "unknown action $action" >&2; exit 2 ;;
esac
