# Shared by the process checks (check-production.sh, check-release.sh): sourced, not run.
# Expects $work (a temporary folder, removed on exit) and the check's name as $check_name; a
# server started in the background sets $server_pid, which is stopped on exit.
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "$check_name: FAILED at line $LINENO; server log:" >&2; cat "$work/server.log" >&2 2>/dev/null || true' ERR

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
# Outputs are read whole before they are searched: `cmd | grep -q` closes the pipe at the first
# match, and a command that writes one more line then fails with EPIPE.
contains() { grep -qF -- "$1" <<<"$2"; }
json_id() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))'; }
# Waits for the server at $base to answer healthy, then signs in as $1 with password $2 (cookies
# in $work/cookies) and checks it is the super admin.
healthy_and_signed_in() {
  for _ in $(seq 1 120); do curl -fs "$base/api/health" >/dev/null && break; sleep 0.5; done
  contains '"ok"' "$(curl -fs "$base/api/health")"
  contains SUPER_ADMIN "$(curl -fs -c "$work/cookies" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$2\"}" "$base/api/login")"
}
