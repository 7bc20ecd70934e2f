#!/bin/sh
# Starts redis-server with one ACL user per service: writes the ACL file from the template
# (users.acl beside this script, or REDIS_ACL_TEMPLATE) without its comments and with each user's password from
# REDIS_PASSWORD_<USER> (upper case, - as _), then execs redis-server with it and any further arguments.
# The generated file holds passwords: it goes to a private folder in memory (REDIS_ACL_FILE), never the data volume.
# Passwords: letters, digits and . _ ~ - only (the services carry them in REDIS_URL); `openssl rand -hex 24`.
set -eu

template="${REDIS_ACL_TEMPLATE:-$(dirname "$0")/users.acl}"
acl="${REDIS_ACL_FILE:-/run/redis-acl/users.acl}"

umask 077
mkdir -p "$(dirname "$acl")"
: >"$acl"
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in '' | '#'*) continue ;; esac
  user="$(printf '%s\n' "$line" | cut -d ' ' -f 2)"
  case " $line " in
    *' off '* | *' nopass '*)
      printf '%s\n' "$line" >>"$acl"
      continue
      ;;
  esac
  variable="REDIS_PASSWORD_$(printf '%s' "$user" | tr '[:lower:]-' '[:upper:]_')"
  eval "password=\${$variable:-}"
  if [ -z "$password" ]; then
    echo "start-redis: $variable is not set (the password of Redis user $user)" >&2
    exit 1
  fi
  case "$password" in
    *[!A-Za-z0-9._~-]*)
      echo "start-redis: $variable holds characters a URL would need escaped; use letters, digits and . _ ~ -" >&2
      exit 1
      ;;
  esac
  printf '%s >%s\n' "$line" "$password" >>"$acl"
done <"$template"

exec redis-server --aclfile "$acl" "$@"
