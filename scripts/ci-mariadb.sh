#!/usr/bin/env bash
# Starts a MariaDB of its own for the tests, as production runs it: binary logging on (no
# log_bin_trust_function_creators) and a user holding only the grants docs/operations.md lists
# ("The database user"), plus CREATE and DROP of the tests' own databases (vx_test_<random>,
# api/test/support/engines.ts). It never touches another MariaDB on the machine.
#   scripts/ci-mariadb.sh start [port]   prints the MYSQL_URL to test with
#   scripts/ci-mariadb.sh stop [port]
set -euo pipefail
action="${1:-start}"
port="${2:-3307}"
# Its data in memory (/dev/shm, a tmpfs) where the machine has one: the tests make, copy and drop
# hundreds of databases, and on a disk each table made or dropped waits for the disk (the api
# project's MariaDB half took about twice as long). What a power cut would leave is not what they
# check; the server, its locking, triggers and binary log are the same. CI_MARIADB_DIR chooses.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then default_base=/dev/shm; else default_base=/tmp; fi
base="${CI_MARIADB_DIR:-$default_base/vx-ci-mariadb-$port}"
socket="$base/mysqld.sock"
pidfile="$base/mysqld.pid"
user=vx_ci
password='vx ci #password'   # a reserved character on purpose: DATABASE_URL must encode it

if [ "$action" = stop ]; then
  if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" && while [ -e "$pidfile" ]; do sleep 0.2; done; fi
  # In memory, its data (binary logs included) would hold that memory until the machine restarts.
  case "$base" in /dev/shm/*) rm -rf "$base" ;; esac
  exit 0
fi

if [ ! -d "$base/data/mysql" ]; then
  # Its own temporary folder, for the install and the server: a MariaDB starting up deletes the
  # temporary tables it finds in its tmpdir, another server's in a shared /tmp included.
  mkdir -p "$base/tmp"
  chown mysql:mysql "$base" "$base/tmp" 2>/dev/null || true
  mariadb-install-db --no-defaults --user=mysql --datadir="$base/data" --tmpdir="$base/tmp" --auth-root-authentication-method=socket >"$base/install.log" 2>&1
fi
if ! mariadb-admin --no-defaults --socket="$socket" -uroot ping >/dev/null 2>&1; then
  # In the background, detached; its pid file is how `stop` finds this one and no other.
  # Commits are not flushed to disk one by one (log flushed once a second, no doublewrite): the
  # tests make and drop a database per test file on both halves of the api project, and what
  # survives a power cut is not what they check. Locking, triggers and binary logging are as in
  # production.
  setsid /usr/sbin/mariadbd --no-defaults --user=mysql \
    --datadir="$base/data" --tmpdir="$base/tmp" --port="$port" --bind-address=127.0.0.1 --socket="$socket" --pid-file="$pidfile" \
    --log-bin="$base/data/binlog" --binlog-format=MIXED --server-id=1 --log-error="$base/error.log" \
    --innodb-flush-log-at-trx-commit=2 --sync-binlog=0 --innodb-doublewrite=0 </dev/null >/dev/null 2>&1 &
  for _ in $(seq 1 120); do
    mariadb-admin --no-defaults --socket="$socket" -uroot ping >/dev/null 2>&1 && break
    sleep 0.5
  done
fi
sql() { mariadb --no-defaults --socket="$socket" -uroot -e "$1"; }
[ "$(mariadb --no-defaults --socket="$socket" -uroot -N -e 'select @@log_bin, @@log_bin_trust_function_creators')" = "$(printf '1\t0')" ] \
  || { echo "the test MariaDB must log binaries, without log_bin_trust_function_creators" >&2; exit 1; }

# The documented grants (docs/operations.md), on the tests' databases only.
GRANTS="CREATE, ALTER, INDEX, DROP, SELECT, INSERT, UPDATE, DELETE, REFERENCES"
for host in localhost 127.0.0.1; do
  sql "CREATE USER IF NOT EXISTS '$user'@'$host' IDENTIFIED BY '$password'"
  sql "GRANT $GRANTS ON \`vx\\_test\\_%\`.* TO '$user'@'$host'"
done
encoded=$(node -e 'console.log(encodeURIComponent(process.argv[1]))' "$password")
echo "mysql://$user:$encoded@127.0.0.1:$port/"
