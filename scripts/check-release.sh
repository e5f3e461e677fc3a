#!/usr/bin/env bash
# The release as an IT team installs it (docs/operations.md, Release): `npm run release`, then the
# archive unpacked into a fresh folder by a service user of its own, started from another working
# directory with a PATH that has Node and npm but no python3, make or g++ (nothing to build with)
# and no registry to reach; it signs in, stores a photo, stops on SIGTERM, and everything it wrote
# is readable by that user only. Needs root (to make the user); CI runs it once (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent release
version=$(node -p 'require("./package.json").version')
archive="release/vehicle-console-$version-$(node -p 'process.platform')-$(node -p 'process.arch').tar.gz"

user=vxrelease
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
work="$(mktemp -d /tmp/vx-release-check-XXXXXX)"
chmod 755 "$work"
check_name="release check"
source scripts/lib/server-check.sh

# Node and npm, and a shell for npm's scripts: nothing else, so nothing can be compiled.
bin="$work/bin"
mkdir -p "$bin"
for tool in node npm sh; do ln -s "$(command -v "$tool")" "$bin/$tool"; done
for tool in python3 make g++ cc gcc; do
  if PATH="$bin" command -v "$tool" >/dev/null 2>&1; then echo "the restricted PATH has $tool" >&2; exit 1; fi
done
as_user() { setpriv --reuid="$user" --regid="$user" --init-groups -- env -i PATH="$bin" HOME="$work/home" "$@"; }

install -d -o "$user" -g "$user" -m 700 "$work/home" "$work/opt" "$work/elsewhere"
install -o "$user" -g "$user" -m 600 "$archive" "$work/opt/release.tar.gz"
# Unpacked by the service user (tar is not on the server's restricted PATH, only the system's).
setpriv --reuid="$user" --regid="$user" --init-groups -- tar -xzf "$work/opt/release.tar.gz" -C "$work/opt"
app="$work/opt/$(basename "$archive" .tar.gz)"
test -f "$app/dist/api/server.js"
test -f "$app/admin/dist/index.html"

# A photo to upload, made here (the release's own tools are not the test's).
node -e "require('sharp')({create:{width:640,height:480,channels:3,background:'#b03a2e'}}).jpeg().toFile(process.argv[1])" "$work/photo.jpg"
chmod 644 "$work/photo.jpg"

port=$(free_port)
# Started from another folder, with no DATA_DIR or DATABASE_URL: the data goes in the install's
# ./data, whatever the working directory. No internet: vPIC and Ollama point at closed ports.
(cd "$work/elsewhere" && exec setpriv --reuid="$user" --regid="$user" --init-groups -- env -i PATH="$bin" HOME="$work/home" \
  PORT="$port" HOST=127.0.0.1 ADMIN_USERNAME=owner@release.example ADMIN_PASSWORD='release owner password' \
  VPIC_URL=http://127.0.0.1:9/api VPIC_TIMEOUT_MS=500 OLLAMA_HOST=http://127.0.0.1:9 \
  node "$app/scripts/start.mjs") > "$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
healthy_and_signed_in owner@release.example 'release owner password'
contains '<div id="root">' "$(curl -fs "$base/vehicles")"
post() { curl -fs -b "$work/cookies" -H 'content-type: application/json' -d "$2" "$base/api/$1"; }
company=$(post companies '{"name":"Release Traders","code":"REL"}' | json_id)
vehicle=$(post vehicles "{\"vin\":\"1HGCM82633A004352\",\"companyId\":$company,\"make\":\"Honda\",\"model\":\"Accord\"}" | json_id)
stored=$(curl -fs -b "$work/cookies" -F "file=@$work/photo.jpg;type=image/jpeg" "$base/api/vehicles/$vehicle/files")
contains 'photo.jpg' "$stored"
contains 'Pending: none' "$(cd "$app" && as_user npm run --silent migrate -- status)"

kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""

# The database, the session secret and the folders: the service user's alone.
data="$app/data"
test -f "$data/app.sqlite"
if [ -n "$(find "$data" -perm /077 -print -quit)" ]; then
  echo "readable by others:" >&2; find "$data" -perm /077 -exec ls -ld {} + >&2; exit 1
fi
if [ -n "$(find "$data" ! -user "$user" -print -quit)" ]; then echo "files not owned by $user in $data" >&2; exit 1; fi
if [ -e "$work/elsewhere/data" ]; then echo "the server wrote into its working directory" >&2; exit 1; fi
size=$(du -h "$archive" | cut -f1)
echo "release check: ok ($archive, $size: unpacked as $user, no compiler on PATH, started from elsewhere, signed in, photo stored, stopped; data 0600/0700)"
