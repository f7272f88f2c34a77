#!/usr/bin/env bash
# Run by `npm test` before the suite: makes sure what the tests talk to is there. It starts the
# local PostgreSQL and Redis when they are installed but down, and installs Debian's Chromium and
# Prometheus when they are missing and we are root. Anything else it cannot mend stops the run at once, with one line
# that names the command to run: no test is ever skipped for a missing tool.
set -uo pipefail

stop() {
  echo "npm test: $1. Run: $2" >&2
  exit 1
}
is_root() { [ "$(id -u)" = 0 ]; }
as_root() { if is_root; then echo "$1"; else echo "sudo $1"; fi; }
# A TCP port that accepts a connection within a second.
listening() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
wait_for() {
  for _ in $(seq 1 30); do listening "$1" && return 0; sleep 1; done
  return 1
}

echo "npm test: Node $(node --version)"

# PostgreSQL: the default local server, unless TEST_DATABASE_URL names another or the run is SQLite only.
if [[ ${HEED_TEST_DATABASES:-sqlite,postgres} == *postgres* && -z ${TEST_DATABASE_URL:-} ]] && ! listening 5432; then
  cluster=$(ls /etc/postgresql 2>/dev/null | head -n 1)
  start="pg_ctlcluster --skip-systemctl-redirect ${cluster:-VERSION} main start"
  [ -n "$cluster" ] && command -v pg_ctlcluster >/dev/null ||
    stop "PostgreSQL is not installed and nothing listens on 127.0.0.1:5432" "$(as_root "apt-get install -y postgresql") (or set TEST_DATABASE_URL)"
  is_root || stop "PostgreSQL is down" "$(as_root "$start")"
  echo "npm test: starting PostgreSQL"
  $start >/dev/null && wait_for 5432 || stop "PostgreSQL did not start" "$start"
fi

# Redis, for the shared rate-limit tests.
if [ -z "${TEST_REDIS_URL:-}" ] && ! listening 6379; then
  start="redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no"
  command -v redis-server >/dev/null ||
    stop "Redis is not installed and nothing listens on 127.0.0.1:6379" "$(as_root "apt-get install -y redis-server") (or set TEST_REDIS_URL)"
  echo "npm test: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null && wait_for 6379 ||
    stop "Redis did not start" "$start"
fi

# A C compiler: Heed compiles SQLite's planner stability extension with it (platform/db/planner-stability.ts),
# and the tests check that every SQLite connection has it.
command -v "${CC:-cc}" >/dev/null || stop "no C compiler (${CC:-cc})" "$(as_root "apt-get install -y gcc")"

# Installs Debian's package $1 for the program $2 at path $3 when we are root; otherwise stops with the command.
apt_install() {
  local install="apt-get install -y $1"
  is_root && command -v apt-get >/dev/null || stop "$2 is missing at $3" "$(as_root "apt-get update && $install")"
  echo "npm test: installing Debian's $1"
  # apt's chatter (debconf notices on stderr) is shown only when the install fails.
  local log
  log=$(mktemp)
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive $install -qq; } >"$log" 2>&1 || {
    cat "$log" >&2
    stop "installing $2 failed" "apt-get update && $install"
  }
  rm -f "$log"
  [ -x "$3" ] || stop "$2 is still missing at $3" "apt-get update && $install"
}

# Debian's Chromium, for the browser tests: never a downloaded browser.
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  [ -z "${CHROMIUM_PATH:-}" ] || stop "CHROMIUM_PATH=$chromium is not an executable" "unset CHROMIUM_PATH, or point it at Chromium"
  apt_install chromium Chromium "$chromium"
fi

# Debian's Prometheus, which scrapes /metrics in its test (server/src/http/metrics/test/). Its
# package would start a service; the test starts its own on a free port (Docker's policy-rc.d keeps
# the service from starting at install; elsewhere it listens on 9090, which the test does not use).
[ -x /usr/bin/prometheus ] || apt_install prometheus Prometheus /usr/bin/prometheus

# A Japanese font, so the screenshots of the portal in Japanese show letters, not boxes (the fonts
# Chromium brings cover Latin and Arabic). The tests pass without it: a failed install only warns.
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ja)" ] && is_root && command -v apt-get >/dev/null; then
  fonts="apt-get install -y -qq fonts-ipafont-gothic"
  echo "npm test: installing a Japanese font for the screenshots"
  { DEBIAN_FRONTEND=noninteractive $fonts || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive $fonts; }; } >/dev/null 2>&1 ||
    echo "npm test: no Japanese font ($fonts failed): Japanese screenshots will show boxes" >&2
fi
exit 0
