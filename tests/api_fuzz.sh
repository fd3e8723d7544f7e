#!/usr/bin/env bash
# Schemathesis against the running app and its own OpenAPI document, in three roles: the demo's
# commissioner, a demo coach and an anonymous client. In each, every operation's responses
# must match the document and none may be a server error. Runs on throwaway SQLite copies of one database
# with the demo data (`make api-fuzz`); every run goes on even when an earlier one failed, and
# the script fails if any did.
#
# Paths that would destroy the run's own credentials are left out: signing out (auth/logout),
# closing the account (me/close) and revoking tokens (me/tokens). Both tokens are taken before
# any fuzzing, since the anonymous role's wrong passwords lock the address out (django-axes).
#
# Time: the coverage phase (every operation's boundary and invalid inputs, whatever the number
# of examples) is most of a role's run, so it runs as the commissioner, who reaches the most
# validation; the coach and the anonymous client run the examples, fuzzing and stateful
# phases with fewer examples. The demo is built once and copied for each run, each run has a
# server of its own, and the runs go on in two streams side by side, one a core: the
# commissioner's per-operation phases split in two halves of the paths, one a stream, then the
# coach in the first stream and the commissioner's stateful phase and the anonymous client in
# the second (each run's output follows at the end).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN=${BIN:-.venv/bin}
PORT=${FUZZ_PORT:-8799}
EXAMPLES=${FUZZ_EXAMPLES:-5}            # per operation, commissioner
COACH_EXAMPLES=${FUZZ_COACH_EXAMPLES:-3}
ANONYMOUS_EXAMPLES=${FUZZ_ANONYMOUS_EXAMPLES:-2}
ALL_PHASES=${FUZZ_ALL_PHASES:-examples,coverage,fuzzing,stateful}  # commissioner
SHORT_PHASES=${FUZZ_SHORT_PHASES:-examples,fuzzing,stateful}  # coach and anonymous
SEED=41444397713172514134250177746414367689
EXCLUDED='auth/logout|me/close|me/tokens'
WORK=$(mktemp -d)
export DATABASE_URL="sqlite:///$WORK/fuzz.sqlite3" DJANGO_DEBUG=true
unset CELERY_BROKER_URL
# The limits on guessing and on request rates (tested in tests/security and
# tests/integration) would otherwise answer most of the fuzzer's writes with 429 and leave
# the logic behind them untested; expensive requests stay limited, to bound the run's time.
export LOGIN_FAILURE_LIMIT=100000 API_LOGIN_RATE=100000/minute SIGNUP_RATE=100000/minute
export API_WRITE_RATE=100000/minute API_EXPENSIVE_RATE=${FUZZ_EXPENSIVE_RATE:-120/minute}

# the migrated database the SQLite test databases are copied from (tests/sqlite_template.py),
# made first if the migrations changed: a copy instead of running every migration again
MIGRATED=$($BIN/python -m tests.sqlite_template)
cp "$MIGRATED" "$WORK/fuzz.sqlite3"

SERVERS=()
trap 'for s in "${SERVERS[@]}"; do kill "$s" 2>/dev/null || true; done; rm -rf "$WORK"' EXIT
serve() {  # serve DATABASE PORT: the app on that SQLite file, in the background
    DATABASE_URL="sqlite:///$1" $BIN/python manage.py runserver "127.0.0.1:$2" --noreload \
        >"$1.server.log" 2>&1 &
    SERVERS+=($!)
}
serving() {  # serving DATABASE PORT: wait until the app serve started answers
    # up to 120 s: on a busy machine (it is shared here) a server has taken over 30 s to start
    for _ in $(seq 1 120); do
        curl -sf "http://127.0.0.1:$2/healthz" >/dev/null && return 0
        sleep 1
    done
    echo "error: the app on port $2 did not come up within 120 s" >&2
    cat "$1.server.log" >&2
    return 1
}

token_of() {  # token_of USERNAME PASSWORD
    curl -sf -X POST -H 'Content-Type: application/json' \
        -d "{\"username\": \"$1\", \"password\": \"$2\"}" \
        "http://127.0.0.1:$PORT/api/v1/auth/token/" \
        | $BIN/python -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
# The document the app serves (the same to every client: drf-spectacular's SERVE_PUBLIC), fetched
# once: the app builds it anew on each request, and a busy machine's three servers building it
# at once had a role's schemathesis give up on it (10 s). It is made from the code alone, so
# the server starts and builds it while the demo is made beside it (each keeps a core busy).
serve "$WORK/fuzz.sqlite3" "$PORT"
{
    serving "$WORK/fuzz.sqlite3" "$PORT"
    curl -sf --max-time 600 "http://127.0.0.1:$PORT/api/schema/" -o "$WORK/schema.yaml"
} &
DOCUMENT=$!
$BIN/python manage.py demo_data >/dev/null
wait "$DOCUMENT"
COMMISSIONER_TOKEN=$(token_of commissioner middenheim-commissioner)
COACH_TOKEN=$(token_of coach1 rotzball-coach1)
kill "${SERVERS[0]}"
wait "${SERVERS[0]}" 2>/dev/null || true

# The demo (tokens included) is built once; each run below gets a copy of it and a server of
# its own, so they go on at the same time. A run keeps about one core busy (the fuzzer and the
# server take turns), so the work is dealt into two streams of about equal length, one a core.
# The commissioner's run is most of the work (the coverage phase): its phases that test one
# operation at a time (examples, coverage, fuzzing) are split between the streams by the
# operation's path (every other path of the document, all of a path's methods together), and
# its stateful phase, whose sequences go from one operation to the next, runs over every
# operation on a copy of its own. Each operation still meets every phase as the commissioner.
RUNS=(commissioner-1 commissioner-2 commissioner-stateful coach anonymous)
for run in "${RUNS[@]}"; do
    cp "$WORK/fuzz.sqlite3" "$WORK/$run.sqlite3"
done
# The servers start together (each start is a few seconds of one core) and are waited for after.
for i in "${!RUNS[@]}"; do serve "$WORK/${RUNS[$i]}.sqlite3" $((PORT + i + 1)); done
for i in "${!RUNS[@]}"; do serving "$WORK/${RUNS[$i]}.sqlite3" $((PORT + i + 1)); done

# The two halves of the document's paths, each as one anchored regular expression.
HALVES=$($BIN/python - "$WORK/schema.yaml" <<'PY'
import re
import sys

import yaml

paths = sorted(yaml.safe_load(open(sys.argv[1]))["paths"])
for half in (paths[0::2], paths[1::2]):
    print("^(" + "|".join(re.escape(path) for path in half) + ")$")
PY
)
HALF_1=$(sed -n 1p <<<"$HALVES")
HALF_2=$(sed -n 2p <<<"$HALVES")
# The commissioner's phases but the stateful one, and whether that one is asked for.
OPERATION_PHASES=$(tr ',' '\n' <<<"$ALL_PHASES" | { grep -vx stateful || true; } | paste -sd, -)
STATEFUL=$(tr ',' '\n' <<<"$ALL_PHASES" | grep -cx stateful || true)

# A request may take its time (60 s, not schemathesis's 10): the runs share the cores, and on
# a busy machine a slow answer is no finding; the checks are conformance and no server error.
fuzz() {  # fuzz RUN PORT EXAMPLES PHASES [schemathesis options...]: output in $WORK/RUN.log
    local run=$1 port=$2 examples=$3 phases=$4 started=$SECONDS
    shift 4
    [ -n "$phases" ] || return 0
    {
        printf '\n--- schemathesis: %s (%s examples per operation; %s)\n' "$run" "$examples" "$phases"
        $BIN/schemathesis run "$WORK/schema.yaml" --url "http://127.0.0.1:$port/" "$@" \
            --checks response_schema_conformance,not_a_server_error \
            --phases "$phases" \
            --max-examples "$examples" \
            --seed "$SEED" \
            --exclude-path-regex "$EXCLUDED" \
            --request-timeout "${FUZZ_REQUEST_TIMEOUT:-60}" \
            --no-color
    } >"$WORK/$run.log" 2>&1 || touch "$WORK/$run.failed"
    printf -- '--- %s took %d s\n' "$run" $((SECONDS - started)) >>"$WORK/$run.log"
}
echo "api-fuzz: the demo, its document and the servers ready after $SECONDS s; fuzzing"
AS_COMMISSIONER=(-H "Authorization: Token $COMMISSIONER_TOKEN")
{
    fuzz commissioner-1 $((PORT + 1)) "$EXAMPLES" "$OPERATION_PHASES" "${AS_COMMISSIONER[@]}" \
        --include-path-regex "$HALF_1"
    fuzz coach $((PORT + 4)) "$COACH_EXAMPLES" "$SHORT_PHASES" -H "Authorization: Token $COACH_TOKEN"
} &
FIRST=$!
{
    fuzz commissioner-2 $((PORT + 2)) "$EXAMPLES" "$OPERATION_PHASES" "${AS_COMMISSIONER[@]}" \
        --include-path-regex "$HALF_2"
    if [ "$STATEFUL" -gt 0 ]; then
        fuzz commissioner-stateful $((PORT + 3)) "$EXAMPLES" stateful "${AS_COMMISSIONER[@]}"
    fi
    fuzz anonymous $((PORT + 5)) "$ANONYMOUS_EXAMPLES" "$SHORT_PHASES"
} &
SECOND=$!
wait $FIRST $SECOND

FAILED=()
for run in "${RUNS[@]}"; do
    if [ -f "$WORK/$run.log" ]; then cat "$WORK/$run.log"; fi
    if [ -f "$WORK/$run.failed" ]; then FAILED+=("$run"); fi
done

if [ ${#FAILED[@]} -gt 0 ]; then
    echo "api-fuzz failed in: ${FAILED[*]}" >&2
    exit 1
fi
echo "api-fuzz passed as commissioner (every operation, in two halves, and stateful), coach and anonymous"
