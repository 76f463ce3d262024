#!/usr/bin/env bash
# npm run test:image: builds the container image and runs it as a self-hoster would, with Podman.
#   1. builds the Dockerfile and measures what it adds to node:20-bookworm-slim (at most 150 MB);
#   2. demo mode with a named volume: signs up, checks the process is not root, that the key sits
#      in /data and that GitHub sign-in goes through the published port, restarts, signs in again;
#   3. SIGTERM: `podman stop` must end the container within 10 s, without a kill;
#   4. compose.yaml with PostgreSQL: refuses to start without its secrets, /health names
#      PostgreSQL, an account survives `down` then `up`.
# Everything it creates (containers, volumes, networks, pods, the image's tag) is removed on exit;
# the build cache stays, so a second run rebuilds only what changed.
# No registry is reachable on these machines: when Podman or the base images are missing, it runs
# ../shared/tools/local-base-images.sh, which builds stand-ins under the official names.
# KEEP_IMAGE=1 keeps the built image (tagged localhost/shipdeck-test:<run id>).
#
# `test-image.sh build` only builds and checks the image, keeping it; `test-image.sh run` only
# runs it (then removes it). Both take its tag from SHIPDECK_TEST_IMAGE. .ci/run builds while
# npm test runs, at low priority, and runs the containers after it, so that their timings (start,
# SIGTERM) are not measured on a machine busy with the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=${1:-all}
case "$MODE" in
  all | build | run) ;;
  *)
    echo "usage: $0 [all|build|run]" >&2
    exit 2
    ;;
esac
RUN_ID="$(date +%s)-$$"
IMAGE="${SHIPDECK_TEST_IMAGE:-localhost/shipdeck-test:$RUN_ID}"
if [ "$MODE" != all ] && [ -z "${SHIPDECK_TEST_IMAGE:-}" ]; then
  echo "test-image: '$MODE' needs SHIPDECK_TEST_IMAGE, the tag the two phases share" >&2
  exit 2
fi
CONTAINER="shipdeck-test-$RUN_ID"
VOLUME="shipdeck-test-$RUN_ID"
PROJECT="shipdecktest${RUN_ID//-/}"
BASE_IMAGE=docker.io/library/node:20-bookworm-slim
MAX_ADDED_MB=150
STOP_LIMIT_S=10
STARTED=$(date +%s)
WORK=$(mktemp -d -t test-image.XXXX)

log() { echo "test-image: $*"; }
fail() {
  echo "test-image: FAILED: $*" >&2
  exit 1
}
seconds_since() { echo $(($(date +%s) - $1)); }

compose() {
  podman-compose -p "$PROJECT" "$@"
}

cleanup() {
  local status=$?
  set +e
  if [ "$status" -ne 0 ]; then
    echo "test-image: logs of what was running:" >&2
    podman logs --tail 40 "$CONTAINER" >&2 2>/dev/null
    for id in $(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null); do
      podman logs --tail 40 "$id" >&2 2>/dev/null
    done
  fi
  podman rm -f -v -t 0 "$CONTAINER" >/dev/null 2>&1
  podman volume rm -f "$VOLUME" >/dev/null 2>&1
  for id in $(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null); do
    podman rm -f -v -t 0 "$id" >/dev/null 2>&1
  done
  podman pod rm -f "pod_$PROJECT" >/dev/null 2>&1
  for name in $(podman volume ls -q --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null); do
    podman volume rm -f "$name" >/dev/null 2>&1
  done
  for name in $(podman network ls -q --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null); do
    podman network rm -f "$name" >/dev/null 2>&1
  done
  # The build phase keeps the image for the run phase, unless it failed.
  if [ -z "${KEEP_IMAGE:-}" ] && { [ "$MODE" != build ] || [ "$status" -ne 0 ]; }; then
    podman rmi -f "$IMAGE" >/dev/null 2>&1
  fi
  rm -rf "$WORK"
  log "cleaned up ($(seconds_since "$STARTED") s in all)"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

# http METHOD URL [JSON BODY] → sets STATUS and BODY. Headers to send go in the array EXTRA.
EXTRA=()
http() {
  local out
  out=$(mktemp)
  STATUS=$(curl -s -o "$out" -w '%{http_code}' -X "$1" "${EXTRA[@]}" \
    ${3:+-H 'content-type: application/json' --data "$3"} "$2" || true)
  BODY=$(cat "$out")
  rm -f "$out"
}

# wait_for_health URL SECONDS: the published port answering /health with 200.
wait_for_health() {
  local deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if curl -fs -o /dev/null --max-time 2 "$1/health"; then return 0; fi
    sleep 0.5
  done
  fail "$1/health did not answer within $2 s"
}

json_field() { # json_field EXPRESSION: evaluates it on the JSON in BODY (as `d`)
  node -e "const d = JSON.parse(process.argv[1]); const v = $1; console.log(v === undefined ? '' : v)" "$BODY"
}

sign_up() { # sign_up BASE NAME
  http POST "$1/auth/signup" "{\"username\":\"$2\",\"email\":\"$2@example.com\",\"password\":\"correct horse battery $2\"}"
  [ "$STATUS" = 201 ] || fail "sign-up at $1 answered $STATUS: $BODY"
}

sign_in() { # sign_in BASE NAME: must succeed and return a session token
  http POST "$1/auth/login" "{\"email\":\"$2@example.com\",\"password\":\"correct horse battery $2\"}"
  [ "$STATUS" = 200 ] || fail "sign-in at $1 answered $STATUS: $BODY"
  [ -n "$(json_field 'd.data.token')" ] || fail "sign-in at $1 gave no token: $BODY"
}

# stop_in_time CONTAINER: SIGTERM, then the time it took; a kill after the grace period fails.
stop_in_time() {
  local before after elapsed_ms code
  before=$(date +%s%N)
  podman stop -t "$STOP_LIMIT_S" "$1" >/dev/null
  after=$(date +%s%N)
  elapsed_ms=$(((after - before) / 1000000))
  code=$(podman inspect --format '{{.State.ExitCode}}' "$1")
  [ "$code" != 137 ] || fail "$1 did not stop on SIGTERM and was killed after $STOP_LIMIT_S s"
  [ "$elapsed_ms" -lt $((STOP_LIMIT_S * 1000)) ] || fail "$1 took ${elapsed_ms} ms to stop"
  log "SIGTERM stopped $1 in ${elapsed_ms} ms (exit code $code)"
}

# --- 0. Podman and the base images -------------------------------------------------------------
if [ "$MODE" = run ]; then
  podman image exists "$IMAGE" || fail "$IMAGE does not exist: run '$0 build' first"
elif ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null ||
  ! podman image exists "$BASE_IMAGE" || ! podman image exists docker.io/library/node:20-bookworm ||
  ! podman image exists docker.io/library/postgres:17; then
  log "Podman or the base images are missing: building the local stand-ins"
  bash ../shared/tools/local-base-images.sh
fi

# --- 1. Build and size -------------------------------------------------------------------------
if [ "$MODE" != run ]; then
  phase=$(date +%s)
  log "building $IMAGE"
  # --format docker keeps the HEALTHCHECK (the OCI format has no place for it).
  podman build --format docker -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
    fail "podman build failed; its errors and last lines:
  $(grep -E 'error|ERR!' "$WORK/build.log" | grep -v EBADENGINE | head -30)
  $(tail -15 "$WORK/build.log")"
  image_bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
  base_bytes=$(podman image inspect --format '{{.Size}}' "$BASE_IMAGE")
  added_mb=$(((image_bytes - base_bytes + 500000) / 1000000))
  log "built in $(seconds_since "$phase") s; adds ${added_mb} MB to $BASE_IMAGE ($((image_bytes / 1000000)) MB in all)"
  [ "$added_mb" -le "$MAX_ADDED_MB" ] || fail "the image adds ${added_mb} MB, more than ${MAX_ADDED_MB} MB"
  [ "$(podman image inspect --format '{{.Config.User}}' "$IMAGE")" = node ] || fail "the image does not run as node"
  healthcheck=$(podman image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE")
  grep -q /health <<<"$healthcheck" || fail "the image has no HEALTHCHECK on /health"
fi
if [ "$MODE" = build ]; then
  log "built and checked $IMAGE in $(seconds_since "$STARTED") s"
  exit 0
fi

# --- 2. Demo mode with a volume ----------------------------------------------------------------
phase=$(date +%s)
PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
podman volume create "$VOLUME" >/dev/null
run_demo() {
  # All interfaces: rootful Podman's port mapping does not reach a container from 127.0.0.1 alone.
  # Its stderr complains that healthchecks need systemd, which this machine lacks.
  podman run -d --name "$CONTAINER" -p "$PORT:3000" -e PUBLIC_URL="$BASE" \
    -v "$VOLUME:/data" "$IMAGE" >/dev/null 2>>"$WORK/podman.log" ||
    fail "podman run failed: $(tail -5 "$WORK/podman.log")"
}
run_demo
wait_for_health "$BASE" 60
http GET "$BASE/health"
[ "$(json_field 'd.data.database.dialect')" = sqlite ] || fail "demo /health: $BODY"
uid=$(podman exec "$CONTAINER" id -u)
[ "$uid" != 0 ] || fail "the server runs as root"
log "demo mode answers on $BASE as uid $uid"
podman exec "$CONTAINER" test -s /data/encryption.key || fail "no generated key beside the database in /data"
key_before=$(podman exec "$CONTAINER" sha256sum /data/encryption.key)
sign_up "$BASE" demo
sign_in "$BASE" demo
# The operator's command line, beside the running server: the first account is the owner.
users=$(podman exec "$CONTAINER" shipdeck-admin list-users) || fail "shipdeck-admin list-users failed"
grep -Eq 'demo@example.com +demo +owner +active' <<<"$users" ||
  fail "shipdeck-admin list-users does not show the demo account as owner: $users"
reset=$(podman exec "$CONTAINER" shipdeck-admin reset-password demo@example.com) ||
  fail "shipdeck-admin reset-password failed"
grep -q "^$BASE/reset-password?token=sdr_" <<<"$reset" || fail "no reset link under $BASE: $reset"
# GitHub sign-in in demo mode: the authorize page and avatars come through this port.
location=$(curl -s -o /dev/null -w '%{redirect_url}' "$BASE/auth/github")
case "$location" in
  "$BASE/_demo/github/login/oauth/authorize?"*) ;;
  *) fail "demo GitHub sign-in sends the browser to $location, not through $BASE" ;;
esac
http GET "$location"
[ "$STATUS" = 200 ] && grep -q 'Shipdeck provider emulator' <<<"$BODY" ||
  fail "the demo authorize page through $BASE answered $STATUS"
http GET "$BASE/_demo/github/_emulator/avatars/1.svg"
[ "$STATUS" = 200 ] || fail "a demo avatar through $BASE answered $STATUS"
# The emulator's API and admin area stay off the published port.
http GET "$BASE/_demo/github/_emulator/tokens"
[ "$STATUS" = 404 ] || fail "the emulator's admin API is reachable through $BASE ($STATUS)"

stop_in_time "$CONTAINER"
podman rm -v "$CONTAINER" >/dev/null
run_demo
wait_for_health "$BASE" 60
[ "$(podman exec "$CONTAINER" sha256sum /data/encryption.key)" = "$key_before" ] ||
  fail "the encryption key changed across the restart"
sign_in "$BASE" demo
log "demo mode: account and key survive a new container on the volume ($(seconds_since "$phase") s)"
podman rm -f -v -t 0 "$CONTAINER" >/dev/null

# --- 3. Compose with PostgreSQL ----------------------------------------------------------------
phase=$(date +%s)
COMPOSE_PORT=$(free_port)
COMPOSE_BASE="http://127.0.0.1:$COMPOSE_PORT"
export SHIPDECK_IMAGE="$IMAGE" SHIPDECK_PORT="$COMPOSE_PORT" PUBLIC_URL="$COMPOSE_BASE"
unset ENCRYPTION_KEY POSTGRES_PASSWORD
# Without its secrets compose refuses to start, naming the missing one (.env would supply them).
[ ! -e .env ] || fail ".env exists in the checkout: it would hide a missing secret"
if refusal=$(POSTGRES_PASSWORD=x compose ps 2>&1); then fail "compose started without ENCRYPTION_KEY"; fi
grep -q 'ENCRYPTION_KEY' <<<"$refusal" || fail "compose's refusal does not name ENCRYPTION_KEY: $refusal"
if refusal=$(ENCRYPTION_KEY=x compose ps 2>&1); then fail "compose started without POSTGRES_PASSWORD"; fi
grep -q 'POSTGRES_PASSWORD' <<<"$refusal" || fail "compose's refusal does not name POSTGRES_PASSWORD: $refusal"
ENCRYPTION_KEY=$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")
POSTGRES_PASSWORD=$(node -e "console.log(require('crypto').randomBytes(18).toString('hex'))")
export ENCRYPTION_KEY POSTGRES_PASSWORD

compose up -d --no-build >>"$WORK/compose.log" 2>&1 || fail "compose up failed: $(tail -20 "$WORK/compose.log")"
wait_for_health "$COMPOSE_BASE" 120
http GET "$COMPOSE_BASE/health"
[ "$(json_field 'd.data.database.dialect')" = postgres ] || fail "compose /health: $BODY"
sign_up "$COMPOSE_BASE" composed
sign_in "$COMPOSE_BASE" composed
shipdeck_container=$(podman ps -q --filter "label=io.podman.compose.project=$PROJECT" \
  --filter "label=com.docker.compose.service=shipdeck")
# The command line on PostgreSQL, with the container's own settings.
invitation=$(podman exec "$shipdeck_container" shipdeck-admin invite --role admin) ||
  fail "shipdeck-admin invite failed on PostgreSQL"
grep -q "^$COMPOSE_BASE/signup?invitation=sdi_" <<<"$invitation" || fail "no invitation link: $invitation"
shipdeck_container=$(podman ps -q --filter "label=io.podman.compose.project=$PROJECT" \
  --filter "label=com.docker.compose.service=shipdeck")
stop_in_time "$shipdeck_container"
compose down >>"$WORK/compose.log" 2>&1 || fail "compose down failed: $(tail -20 "$WORK/compose.log")"
compose up -d --no-build >>"$WORK/compose.log" 2>&1 ||
  fail "compose up (again) failed: $(tail -20 "$WORK/compose.log")"
wait_for_health "$COMPOSE_BASE" 120
sign_in "$COMPOSE_BASE" composed
log "compose: /health names PostgreSQL, the account survives down and up ($(seconds_since "$phase") s)"

# PostgreSQL coming up after Shipdeck: it waits, logging what for, instead of exiting.
phase=$(date +%s)
db_container=$(podman ps -q --filter "label=io.podman.compose.project=$PROJECT" \
  --filter "label=com.docker.compose.service=db")
shipdeck_container=$(podman ps -q --filter "label=io.podman.compose.project=$PROJECT" \
  --filter "label=com.docker.compose.service=shipdeck")
podman stop -t 10 "$shipdeck_container" "$db_container" >/dev/null
podman start "$shipdeck_container" >/dev/null
sleep 4
podman start "$db_container" >/dev/null
wait_for_health "$COMPOSE_BASE" 90
podman logs --since "$(date -u -d "@$phase" +%Y-%m-%dT%H:%M:%SZ)" "$shipdeck_container" \
  >"$WORK/late-start.log" 2>&1
grep -q 'waiting for PostgreSQL at db:5432' "$WORK/late-start.log" ||
  fail "Shipdeck did not log that it waited for PostgreSQL at db:5432"
sign_in "$COMPOSE_BASE" composed
log "compose: started before PostgreSQL, Shipdeck waited for it and serves ($(seconds_since "$phase") s)"
compose down -v >/dev/null 2>&1 || true

log "passed in $(seconds_since "$STARTED") s"
