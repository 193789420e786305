#!/usr/bin/env bash
# A throwaway PostgreSQL for tests, benchmarks and `make server-pg`: a new cluster in a folder of
# its own, listening on 127.0.0.1 only, with a database and role named stint.
#
#   throwaway-postgres.sh start DIR PORT   initdb (when DIR is new) and start; prints the URL last
#   throwaway-postgres.sh stop DIR         fast shutdown
#   throwaway-postgres.sh restart DIR      stop and start again on the same port (data kept)
#   throwaway-postgres.sh install          apt-get install postgresql when its binaries are missing
#
# Authentication is `trust` on loopback: the cluster exists for one test run and holds nothing of
# value. Never point a real deployment at it (see README, "Deployment").
# PostgreSQL refuses to run as root, so under root the cluster belongs to the postgres user
# (Debian's package creates it) and every server command runs as that user.
set -euo pipefail

# The caller's descriptors beyond stdin, stdout and stderr must not reach the PostgreSQL daemon started
# below, which would hold them open for its whole life: a caller waiting for one of them to close (as
# Foundation's Process does, to learn that this script exited) would wait for ever.
for descriptor in /proc/$$/fd/*; do
    descriptor=${descriptor##*/}
    case $descriptor in
    0 | 1 | 2 | 255) ;;
    *) eval "exec $descriptor>&-" 2>/dev/null || true ;;
    esac
done

command_name=${1:-}
shift || true

find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ]; then
            echo "$dir"
            return 0
        fi
    done
    if command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

install_postgres() {
    if find_bin >/dev/null; then return 0; fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "throwaway-postgres: PostgreSQL is not installed; install it (Debian: apt-get install postgresql)" >&2
        exit 1
    fi
    echo "throwaway-postgres: installing postgresql" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    # Debian's package starts its own cluster on 5432; this script never uses it.
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "$command_name" in
install)
    install_postgres
    ;;
start)
    dir=${1:?usage: throwaway-postgres.sh start DIR PORT}
    port=${2:?usage: throwaway-postgres.sh start DIR PORT}
    install_postgres
    bin=$(find_bin)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$dir"
        # postgres must be able to reach the folder through its parents.
        parent=$(dirname "$dir")
        while [ "$parent" != "/" ]; do
            chmod o+x "$parent" 2>/dev/null || true
            parent=$(dirname "$parent")
        done
    fi
    chmod 700 "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
        as_owner "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 || {
            cat "$dir.initdb.log" >&2
            exit 1
        }
        {
            echo "listen_addresses = '127.0.0.1'"
            echo "port = $port"
            echo "unix_socket_directories = '$dir'"
            echo "max_connections = 200"
            echo "shared_buffers = 128MB"
        } | as_owner tee -a "$dir/postgresql.conf" >/dev/null
    fi
    # Already running (an earlier `make test` left it): use it as it is.
    if ! as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
        if ! as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 30 start >/dev/null 2>&1; then
            # The usual cause: another cluster (another checkout's) already listens on this port.
            echo "throwaway-postgres: PostgreSQL did not start on port $port; its log says:" >&2
            tail -n 4 "$dir/server.log" >&2
            exit 1
        fi
    fi
    if ! as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
        "SELECT 1 FROM pg_roles WHERE rolname = 'stint'" | grep -q 1; then
        as_owner "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
            -c "CREATE ROLE stint LOGIN" -c "CREATE DATABASE stint OWNER stint"
    fi
    echo "postgres://stint@127.0.0.1:$port/stint?sslmode=disable"
    ;;
stop)
    dir=${1:?usage: throwaway-postgres.sh stop DIR}
    bin=$(find_bin)
    [ -f "$dir/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
    ;;
restart)
    dir=${1:?usage: throwaway-postgres.sh restart DIR}
    bin=$(find_bin)
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -m fast -w restart >/dev/null
    ;;
*)
    echo "usage: throwaway-postgres.sh start DIR PORT | stop DIR | restart DIR | install" >&2
    exit 2
    ;;
esac
