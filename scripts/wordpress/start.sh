#!/usr/bin/env bash
# Starts a real WordPress 6.5.5 on 127.0.0.1 for the CMS contract suite.
#
#   scripts/wordpress/start.sh [--fresh]
#
# What it does (why: /work/shared/notes/real-wordpress.md, docs/wordpress.md):
#   1. installs the Debian packages it needs when they are missing (as root, else with sudo;
#      `apt-get update` only when a first install attempt fails);
#   2. unpacks WordPress 6.5.5 from the devDependency @wp-playground/wordpress-builds
#      (node_modules/.../src/wordpress/wp-6.5.zip) into .wp/wp;
#   3. runs a private MariaDB on a unix socket under .wp/ (no TCP, no systemd);
#   4. writes wp-config.php, installs WordPress with install.php (admin user + application
#      password, permalinks /%postname%/ with flushed rewrite rules), then creates a
#      `subscriber`, an `editor` and a second administrator (`admin2`), each with its own
#      application password, over REST;
#   5. serves it with `php -S` (4 workers) started with setsid, so that stop.sh can stop it
#      by process group;
#   6. writes .wp/env.json: { url, restRoot, admin, subscriber, editor, admin2, pids, logs }.
#
# Port 8888, or the next free one when 8888 is taken (WP_PORT=... to choose). Idempotent: a
# second run reuses the install, and a running server as it is. --fresh wipes the database and
# the WordPress files first. Everything lives under .wp/ (gitignored). Never prints a password.
#
# Environment: WP_PORT (default 8888), WP_STATE_DIR (default <repo>/.wp).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
state="${WP_STATE_DIR:-$repo/.wp}"
wp="$state/wp"
db="$state/db"
run="$state/run"
logs="$state/logs"
sock="$run/mysqld.sock"
builds_pkg="@wp-playground/wordpress-builds"
core_zip="$repo/node_modules/$builds_pkg/src/wordpress/wp-6.5.zip"
t0=$(date +%s%N)

say() { printf '[wordpress] %s\n' "$*" >&2; }
die() {
  printf '[wordpress] ERROR: %s\n' "$*" >&2
  exit 1
}
elapsed() { echo "$((($(date +%s%N) - t0) / 1000000)) ms"; }
# Reads a dotted key of the JSON on stdin; exit 1 when absent.
php_json() { php -r '$j = json_decode(stream_get_contents(STDIN), true); $v = $j; foreach (explode(".", $argv[1]) as $k) { $v = is_array($v) ? ($v[$k] ?? null) : null; } if ($v === null) exit(1); echo is_scalar($v) ? $v : json_encode($v);' "$1"; }
alive() { [[ -f "$1" ]] && kill -0 "$(cat "$1")" 2>/dev/null; }
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

fresh=0
for arg in "$@"; do
  case "$arg" in
  --fresh) fresh=1 ;;
  -h | --help)
    sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) die "unknown argument: $arg (expected --fresh)" ;;
  esac
done

mkdir -p "$state" "$run" "$logs"
# One start at a time (several test runs may call this at once).
exec 9>"$state/start.lock"
flock -w 300 9 || die "another start.sh holds $state/start.lock for more than 300 s"

# ---------------------------------------------------------------- 1. packages
packages=(php-cli php-mysql php-xml php-mbstring php-curl php-intl php-zip php-gd mariadb-server unzip curl)
php_exts=(mysqli xml mbstring curl intl zip gd)
missing_packages() {
  local missing=()
  for cmd in php mariadbd mariadb-install-db mariadb unzip curl flock setsid; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
  done
  if command -v php >/dev/null 2>&1; then
    for ext in "${php_exts[@]}"; do
      php -r "exit(extension_loaded('$ext') ? 0 : 1);" 2>/dev/null || missing+=("php-$ext")
    done
  fi
  echo "${missing[*]}"
}
missing="$(missing_packages)"
if [[ -n "$missing" ]]; then
  command -v apt-get >/dev/null 2>&1 || die "missing: $missing, and there is no apt-get to install ${packages[*]}"
  as_root=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "missing: $missing; not root and no sudo: install them as root: apt-get install -y --no-install-recommends ${packages[*]}"
    as_root=(sudo -n)
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt_install() {
    "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${packages[@]}" >>"$logs/apt.log" 2>&1
  }
  say "installing Debian packages (missing: $missing), log in $logs/apt.log"
  : >"$logs/apt.log"
  if ! apt_install; then
    say "apt-get install failed; running apt-get update and trying again"
    "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q >>"$logs/apt.log" 2>&1 ||
      die "apt-get update failed: $(tail -n 5 "$logs/apt.log")"
    apt_install || die "apt-get install ${packages[*]} failed: $(tail -n 5 "$logs/apt.log")"
  fi
  missing="$(missing_packages)"
  [[ -z "$missing" ]] || die "still missing after apt-get install: $missing"
  say "packages installed ($(elapsed))"
fi

# ----------------------------------------------- reuse a server that already runs
if [[ "$fresh" == 1 ]]; then
  "$here/stop.sh" --quiet || true
  say "--fresh: removing $wp, $db and the credentials"
  rm -rf "$wp" "$db" "$state/credentials.json" "$state/env.json"
fi
# (An env.json written before the editor or admin2 user existed is not reused: the start below adds it.)
if [[ -f "$state/env.json" ]] && php_json editor.userId <"$state/env.json" >/dev/null &&
  php_json admin2.userId <"$state/env.json" >/dev/null &&
  alive "$run/php.pid" && alive "$run/mariadbd.pid"; then
  url="$(php_json url <"$state/env.json" 2>/dev/null || true)"
  if [[ -n "$url" && ( -z "${WP_PORT:-}" || "$url" == "http://127.0.0.1:$WP_PORT" ) ]] &&
    curl -fsS -o /dev/null --max-time 5 "$url/wp-json/"; then
    say "already running at $url (reused, $(elapsed)); credentials in $state/env.json"
    echo "$state/env.json"
    exit 0
  fi
fi
# Anything half-running (other port, crashed worker) is stopped and started again.
"$here/stop.sh" --quiet || true

# Port: WP_PORT, else 8888 or the next free one.
if [[ -n "${WP_PORT:-}" ]]; then
  port="$WP_PORT"
  port_taken "$port" && die "port $port on 127.0.0.1 is taken by another program; choose another with WP_PORT=..."
else
  port=8888
  while port_taken "$port"; do
    port=$((port + 1))
    ((port < 8920)) || die "ports 8888-8919 on 127.0.0.1 are all taken; choose one with WP_PORT=..."
  done
fi
url="http://127.0.0.1:$port"

# ------------------------------------------------------------ 2. WordPress core
if [[ ! -f "$wp/wp-includes/version.php" ]]; then
  [[ -f "$core_zip" ]] || die "$core_zip not found: run \`pnpm install\` (root devDependency $builds_pkg)"
  say "unpacking WordPress 6.5.5 into $wp"
  rm -rf "$wp" && mkdir -p "$wp"
  unzip -q "$core_zip" -d "$wp" || die "unzip $core_zip failed"
  # The Playground build ships its own SQLite config and database: not ours.
  rm -rf "$wp/wp-config.php" "$wp/wp-content/database"
fi
grep -q "wp_version = '6.5.5'" "$wp/wp-includes/version.php" || die "$wp is not WordPress 6.5.5 (try --fresh)"

# ----------------------------------------------------------------- 3. MariaDB
if [[ ! -d "$db/mysql" ]]; then
  say "initialising MariaDB in $db"
  rm -rf "$db" "$state/credentials.json"
  mariadb-install-db --no-defaults --user=root --datadir="$db" --skip-test-db >"$logs/mariadb-install.log" 2>&1 ||
    die "mariadb-install-db failed: $(tail -n 5 "$logs/mariadb-install.log")"
fi
rm -f "$sock" "$run/mariadbd.pid"
setsid mariadbd --no-defaults --user=root --datadir="$db" --socket="$sock" --skip-networking \
  --pid-file="$run/mariadbd.pid" --log-error="$logs/mariadb.log" --innodb-flush-log-at-trx-commit=2 \
  --innodb-buffer-pool-size=64M --max-connections=200 </dev/null >>"$logs/mariadb.out" 2>&1 9>&- &
mariadb_pid=$!
for _ in $(seq 1 300); do
  mariadb --no-defaults --socket="$sock" -uroot -e 'select 1' >/dev/null 2>&1 && break
  kill -0 "$mariadb_pid" 2>/dev/null || break
  sleep 0.1
done
mariadb --no-defaults --socket="$sock" -uroot -e 'select 1' >/dev/null 2>&1 ||
  die "MariaDB did not start: $(tail -n 5 "$logs/mariadb.log" 2>/dev/null)"
mariadb --no-defaults --socket="$sock" -uroot <<'SQL' || die "creating the database failed"
CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'wp'@'localhost' IDENTIFIED BY 'wp';
GRANT ALL PRIVILEGES ON wordpress.* TO 'wp'@'localhost';
FLUSH PRIVILEGES;
SQL

# ------------------------------------------------------------- 4. wp-config.php
cat >"$wp/wp-config.php" <<PHP
<?php
// Written by scripts/wordpress/start.sh: a local test site, not for production.
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp');
define('DB_HOST', 'localhost:$sock');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('AUTH_KEY', 'viewlink-contract-auth-key');
define('SECURE_AUTH_KEY', 'viewlink-contract-secure-auth-key');
define('LOGGED_IN_KEY', 'viewlink-contract-logged-in-key');
define('NONCE_KEY', 'viewlink-contract-nonce-key');
define('AUTH_SALT', 'viewlink-contract-auth-salt');
define('SECURE_AUTH_SALT', 'viewlink-contract-secure-auth-salt');
define('LOGGED_IN_SALT', 'viewlink-contract-logged-in-salt');
define('NONCE_SALT', 'viewlink-contract-nonce-salt');
\$table_prefix = 'wp_';
define('WP_HOME', '$url');
define('WP_SITEURL', '$url');
// Without 'local', application passwords are refused over plain http.
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_DEBUG', false);
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
PHP

# ----------------------------------------------------------------- 5. install
# Re-run on every (re)start: it only installs once, and it re-flushes the rewrite rules and
# updates home/siteurl in the database when the port changed.
say "installing WordPress (or checking the install)"
php "$here/install.php" "$wp" "127.0.0.1:$port" "$state/credentials.json" >"$logs/install.log" 2>&1 ||
  die "WordPress install failed: $(tail -n 5 "$logs/install.log")"

# ------------------------------------------------------------------- 6. serve
: >"$logs/php.log"
PHP_CLI_SERVER_WORKERS=4 setsid php -d upload_max_filesize=64M -d post_max_size=64M -d memory_limit=512M \
  -d max_execution_time=120 -d display_errors=stderr -d log_errors=Off \
  -S "127.0.0.1:$port" -t "$wp" "$here/router.php" </dev/null >>"$logs/php.log" 2>&1 9>&- &
echo $! >"$run/php.pid"
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null --max-time 2 "$url/wp-json/" 2>/dev/null && break
  alive "$run/php.pid" || die "php -S exited: $(tail -n 5 "$logs/php.log")"
  sleep 0.1
done
curl -fsS -o /dev/null --max-time 5 "$url/wp-json/" || die "WordPress does not answer on $url/wp-json/: $(tail -n 5 "$logs/php.log")"

# ------------------------------------------ 7. subscriber, editor and admin2
# Passwords travel to curl through a netrc-style config on stdin, never on a command line.
admin_user="$(php_json admin.username <"$state/credentials.json")"
curl_admin() {
  local config
  config="user = \"$admin_user:$(php_json admin.applicationPassword <"$state/credentials.json")\""
  curl -sS --max-time 30 -K - "$@" <<<"$config"
}
# A user of `role` named `name` with its own application password, unless credentials.json has it.
ensure_user() {
  local name="$1" role="$2" pass id user_json app_json app
  php_json "$name.applicationPassword" <"$state/credentials.json" >/dev/null && return 0
  say "creating the $name user"
  pass="$name-$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  id="$(curl_admin "$url/wp-json/wp/v2/users?search=$name&context=edit" |
    php -r '$j = json_decode(stream_get_contents(STDIN), true); foreach ((array) $j as $u) if (($u["username"] ?? "") === $argv[1]) { echo $u["id"]; exit(0); } exit(1);' "$name")" || id=""
  if [[ -z "$id" ]]; then
    user_json="$(curl_admin -H 'Content-Type: application/json' \
      -d "{\"username\":\"$name\",\"email\":\"$name@example.test\",\"password\":\"$pass\",\"roles\":[\"$role\"]}" \
      "$url/wp-json/wp/v2/users")"
    id="$(php_json id <<<"$user_json")" || die "creating the $name failed: $(php_json code <<<"$user_json" || echo "$user_json" | head -c 300)"
  else
    # Left over from an interrupted run: reset its password.
    curl_admin -f -o /dev/null -H 'Content-Type: application/json' -d "{\"password\":\"$pass\"}" \
      "$url/wp-json/wp/v2/users/$id" || die "resetting the $name's password failed"
  fi
  app_json="$(curl_admin -H 'Content-Type: application/json' -d '{"name":"viewlink-contract"}' \
    "$url/wp-json/wp/v2/users/$id/application-passwords")"
  app="$(php_json password <<<"$app_json")" ||
    die "creating the $name's application password failed: $(php_json code <<<"$app_json" || true)"
  php -r '$c = json_decode(file_get_contents($argv[1]), true); $c[$argv[4]] = ["userId" => (int) $argv[2], "username" => $argv[4], "password" => $argv[3], "applicationPassword" => trim(stream_get_contents(STDIN))]; file_put_contents($argv[1], json_encode($c, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");' \
    "$state/credentials.json" "$id" "$pass" "$name" <<<"$app"
}
ensure_user subscriber subscriber
# A second user who may edit: autosaves are kept per user (the draft-preview scenarios).
ensure_user editor editor
# A second administrator: templates need edit_theme_options, which an editor lacks, and their
# autosaves are kept per user too.
ensure_user admin2 administrator

# Authenticated check: the admin application password really works.
curl_admin -f -o /dev/null "$url/wp-json/wp/v2/users/me" ||
  die "the admin application password is refused by $url (try scripts/wordpress/start.sh --fresh)"

# -------------------------------------------------------------- 8. env.json
php -r '
$c = json_decode(file_get_contents($argv[1]), true);
$user = fn ($u) => ["userId" => $u["userId"], "username" => $u["username"], "applicationPassword" => trim($u["applicationPassword"]), "loginPassword" => $u["password"]];
$env = [
  "url" => $argv[2],
  "restRoot" => $argv[2] . "/wp-json/",
  "version" => "6.5.5",
  "namespaces" => ["cms" => "wp/v2"],
  "admin" => $user($c["admin"]),
  "subscriber" => $user($c["subscriber"]),
  "editor" => $user($c["editor"]),
  "admin2" => $user($c["admin2"]),
  "pids" => ["php" => (int) trim(file_get_contents($argv[3] . "/php.pid")), "mariadbd" => (int) trim(file_get_contents($argv[3] . "/mariadbd.pid"))],
  "logs" => $argv[4],
];
file_put_contents($argv[5], json_encode($env, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
' "$state/credentials.json" "$url" "$run" "$logs" "$state/env.json.tmp"
chmod 600 "$state/env.json.tmp" "$state/credentials.json"
mv "$state/env.json.tmp" "$state/env.json"
say "WordPress 6.5.5 is up at $url (REST root $url/wp-json/) in $(elapsed); credentials in $state/env.json"
echo "$state/env.json"
