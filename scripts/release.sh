#!/bin/sh
# Atomic releases on our server (docs/operations.md, "Deploying"). Under ROOT:
#   releases/<id>/  one folder per release; its .env and data/ are links to ROOT's
#   current         the live release (the service runs `npm run serve` in ROOT/current)
#   previous        the release that was live before it, where a rollback goes
#   .env, data/     what every release shares: the settings and the SQLite store
#
#   RESTART='sudo systemctl restart site' sh release.sh deploy ROOT LABEL < commit.tar
#   RESTART='sudo systemctl restart site' sh release.sh rollback ROOT [ID]
#
# deploy unpacks the commit into releases/<UTC time>-LABEL, runs npm ci and npm run build there,
# starts it on 127.0.0.1:CHECK_PORT until GET /healthz answers 200, and only then points current
# at it and runs RESTART. The live service (LIVE_URL, by default 127.0.0.1 on the PORT in ROOT/.env,
# else 3000) must then answer /healthz and /readyz with 200 within LIVE_SECONDS, and go on
# answering so for SETTLE_SECONDS, or current goes back to the release that was live and RESTART
# runs again. On any failure or interruption it exits non-zero with current where it was. A
# rollback checks the release it goes to the same way.
set -eu
export LC_ALL=C
usage="usage: release.sh deploy ROOT LABEL < commit.tar | release.sh rollback ROOT [ID]"
action=${1:?$usage}
root=$(cd "${2:?$usage}" && pwd)
: "${RESTART:?set RESTART to the command that restarts the service}"
check_port=${CHECK_PORT:-3999}
check_seconds=${CHECK_SECONDS:-60}
live_seconds=${LIVE_SECONDS:-60}
settle_seconds=${SETTLE_SECONDS:-20}
live_port=$(sed -n 's/^PORT=//p' "$root/.env" 2>/dev/null | tail -n 1)
live_url=${LIVE_URL:-http://127.0.0.1:${live_port:-3000}}
keep=${KEEP:-3}

fail() { echo "release: $*" >&2; exit 1; }
target_of() { if [ -L "$root/$1" ]; then basename "$(readlink "$root/$1")"; fi; }
# Points a link at releases/$2 in one step: a new link, renamed over the old one.
point() { ln -sfn "releases/$2" "$root/$1.new" && mv -T "$root/$1.new" "$root/$1"; }
restart() { (cd "$root" && sh -c "$RESTART"); }
# Whether the live service answers 200 on /healthz and /readyz within $live_seconds, then at
# every look for $settle_seconds: a release that crashes soon after it starts is not live.
live_answers() {
  node -e "
    const ok = (path) => fetch('$live_url' + path, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200, () => false);
    const answers = async () => (await ok('/healthz')) && (await ok('/readyz'));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1000));
    (async () => {
      const until = Date.now() + $live_seconds * 1000;
      while (!(await answers())) {
        if (Date.now() >= until) process.exit(1);
        await pause();
      }
      const settled = Date.now() + $settle_seconds * 1000;
      do {
        await pause();
        if (!(await answers())) process.exit(1);
      } while (Date.now() < settled);
      process.exit(0);
    })();"
}
checked="answer $live_url/healthz and /readyz within ${live_seconds}s, then steadily for ${settle_seconds}s"

live=$(target_of current)
if [ "$action" = rollback ]; then
  to=${3:-$(target_of previous)}
  if [ -z "$to" ] || [ ! -d "$root/releases/$to" ]; then fail "no release $to to roll back to"; fi
  point current "$to"
  [ -z "$live" ] || point previous "$live"
  restart || fail "the restart on releases/$to failed: look at the service"
  live_answers || fail "the live service on releases/$to did not $checked: look at the service"
  echo "release: rolled back to releases/$to, which answers"
  exit 0
fi
[ "$action" = deploy ] || fail "$usage"
label=${3:?$usage}
case $label in *[!A-Za-z0-9._-]*) fail "LABEL may hold letters, digits, '.', '_' and '-'" ;; esac

id=$(date -u +%Y%m%dT%H%M%SZ)-$label
mkdir -p "$root/releases"
[ -d "$root/data" ] || mkdir -m 700 "$root/data" # as the server makes it: for its user only
mkdir "$root/releases/$id"
new=$root/releases/$id # removed on exit unless it went live
pid=                   # the health check's server, a process group of its own
switched=              # set while the service may run the new release, not yet proven live
stop_check() { # the group, and its leader in case setsid has not made the group yet
  kill -s TERM -- "-$pid" "$pid" 2>/dev/null || true
  i=0
  while kill -s 0 -- "-$pid" 2>/dev/null && [ "$i" -lt 30 ]; do sleep 1 && i=$((i + 1)); done
  kill -s KILL -- "-$pid" 2>/dev/null || true
  pid=
}
# On any exit before the new release is proven live, also an interrupted one: the release that
# was live runs again, and the new folder goes unless current still points at it.
finish() {
  trap '' HUP INT TERM # a second signal must not cut the putting back short
  if [ -n "$pid" ]; then stop_check; fi
  if [ -n "$switched" ]; then put_back; fi
  if [ -n "$new" ] && [ "$(target_of current)" != "$id" ]; then rm -rf "$new"; fi
}
trap finish EXIT
trap 'exit 1' HUP INT TERM

tar -xf - -C "$new"
ln -s ../../.env "$new/.env"
ln -s ../../data "$new/data"
cd "$new"
npm ci --no-audit --no-fund
npm run build

# The check runs with the shared settings but on its own port and a throwaway store: it must
# not share the live SQLite file, migrate it or deliver its enquiries before the switch.
probe="fetch('http://127.0.0.1:$check_port/healthz', { signal: AbortSignal.timeout(2000) })
  .then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"
! node -e "$probe" || fail "port $check_port already answers /healthz: set CHECK_PORT to a free one"
mkdir .release-check
HOST=127.0.0.1 PORT=$check_port METRICS_PORT='' \
  DATABASE_URL=file:./.release-check/enquiries.db \
  setsid npm run serve >.release-check/serve.log 2>&1 &
pid=$!
i=0
until node -e "$probe"; do
  i=$((i + 1))
  if ! kill -s 0 -- "-$pid" 2>/dev/null || [ "$i" -ge "$check_seconds" ]; then
    tail -n 30 .release-check/serve.log >&2
    fail "releases/$id: no 200 from /healthz (its server stopped, or ${check_seconds}s passed)"
  fi
  sleep 1
done
stop_check
rm -rf .release-check

# Puts the release that was live back (none: no current at all) and restarts the service on it.
put_back() {
  if [ -z "$live" ]; then rm -f "$root/current" && switched= && return; fi
  point current "$live"
  restart_done=
  if restart; then restart_done=yes; fi
  switched=
  if [ -n "$restart_done" ] && live_answers; then echo "release: releases/$live is live again" >&2
  else echo "release: releases/$live does not answer either: look at the service" >&2; fi
}

switched=yes
point current "$id"
if ! restart; then
  put_back
  fail "the restart failed; current is back on releases/${live:-(none)}"
fi
if ! live_answers; then
  put_back
  fail "the live service on releases/$id did not $checked; current is back on releases/${live:-(none)}"
fi
switched=
new=
[ -z "$live" ] || point previous "$live"
echo "release: releases/$id is live"

# Keep the $keep newest releases, and always the one that was live before.
set -- "$root"/releases/* # oldest first: ids start with the time
while [ "$#" -gt "$keep" ]; do
  [ "${1##*/}" = "$live" ] || rm -rf "$1"
  shift
done
