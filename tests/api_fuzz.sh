#!/usr/bin/env bash
# Schemathesis against the running app and its own OpenAPI document, in three roles: the demo's
# commissioner, a demo coach and an anonymous client. In each, every operation's responses
# must match the document and none may be a server error. Runs on a throwaway SQLite database
# with the demo data (`make api-fuzz`); every role runs even when an earlier one failed, and
# the script fails if any did.
#
# Paths that would destroy the run's own credentials are left out: signing out (auth/logout),
# closing the account (me/close) and revoking tokens (me/tokens). Both tokens are taken before
# any fuzzing, since the anonymous role's wrong passwords lock the address out (django-axes).
#
# Time: the coverage phase (every operation's boundary and invalid inputs, whatever the number
# of examples) is most of a role's run, so it runs as the commissioner, who reaches the most
# validation; the coach and the anonymous client run the examples, fuzzing and stateful
# phases with fewer examples. All three take about twice one role's time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN=${BIN:-.venv/bin}
PORT=${FUZZ_PORT:-8799}
EXAMPLES=${FUZZ_EXAMPLES:-5}            # per operation, commissioner
COACH_EXAMPLES=${FUZZ_COACH_EXAMPLES:-3}
ANONYMOUS_EXAMPLES=${FUZZ_ANONYMOUS_EXAMPLES:-2}
ALL_PHASES=examples,coverage,fuzzing,stateful
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

$BIN/python manage.py migrate --noinput -v0
$BIN/python manage.py demo_data >/dev/null
$BIN/python manage.py runserver "127.0.0.1:$PORT" --noreload >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 30); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 1
done

token_of() {  # token_of USERNAME PASSWORD
    curl -sf -X POST -H 'Content-Type: application/json' \
        -d "{\"username\": \"$1\", \"password\": \"$2\"}" \
        "http://127.0.0.1:$PORT/api/v1/auth/token/" \
        | $BIN/python -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
COMMISSIONER_TOKEN=$(token_of commissioner middenheim-commissioner)
COACH_TOKEN=$(token_of coach1 rotzball-coach1)

FAILED=()
fuzz() {  # fuzz ROLE EXAMPLES PHASES [schemathesis options...]
    local role=$1 examples=$2 phases=$3
    shift 3
    printf '\n--- schemathesis as %s (%s examples per operation; %s)\n' "$role" "$examples" "$phases"
    if ! $BIN/schemathesis run "http://127.0.0.1:$PORT/api/schema/" "$@" \
        --checks response_schema_conformance,not_a_server_error \
        --phases "$phases" \
        --max-examples "$examples" \
        --seed "$SEED" \
        --exclude-path-regex "$EXCLUDED"; then
        FAILED+=("$role")
    fi
}

fuzz commissioner "$EXAMPLES" "$ALL_PHASES" -H "Authorization: Token $COMMISSIONER_TOKEN"
fuzz coach "$COACH_EXAMPLES" "$SHORT_PHASES" -H "Authorization: Token $COACH_TOKEN"
fuzz anonymous "$ANONYMOUS_EXAMPLES" "$SHORT_PHASES"

if [ ${#FAILED[@]} -gt 0 ]; then
    echo "api-fuzz failed as: ${FAILED[*]}" >&2
    exit 1
fi
echo "api-fuzz passed as commissioner, coach and anonymous"
