#!/usr/bin/env bash
# Generates the server's and the client's Swift sources from openapi.yaml.
#   generate.sh GENERATOR OUT_ROOT
# writes OUT_ROOT/Packages/Server/Sources/StintServer/Generated/ (types and server stubs) and
# OUT_ROOT/Packages/RemoteStorage/Sources/RemoteStorage/Generated/ (types and client).
# `make api` runs it on the repository; `make check-api` runs it into a temporary folder and
# compares, so a document changed without regenerating fails the build (ADR 0018).
set -euo pipefail
generator=$1
out=$2
here="$(cd "$(dirname "$0")" && pwd)"
server="$out/Packages/Server/Sources/StintServer/Generated"
client="$out/Packages/RemoteStorage/Sources/RemoteStorage/Generated"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$server" "$client"

run() { # config output-folder
    mkdir -p "$2"
    if ! "$generator" generate "$here/openapi.yaml" --config "$here/$1" --output-directory "$2" \
        >"$work/log" 2>&1; then
        cat "$work/log" >&2
        exit 1
    fi
}
run server-config.yaml "$work/server"
run client-types-config.yaml "$work/client-types"
run client-config.yaml "$work/client"
# The generator writes one file per kind of type; every one of them is part of the output.
rm -f "$server"/*.swift "$client"/*.swift
cp "$work"/server/*.swift "$server/"
cp "$work"/client-types/*.swift "$work"/client/*.swift "$client/"
# The public types are generated with `public import`s that most files never use in a public
# declaration; Swift 6.3 warns about each (the generator's suppression needs 6.4). A plain import is
# what Swift 6 mode treats as public anyway, so the warnings go and nothing else changes.
sed -i -E 's/^(@_spi\(Generated\) )?public import /\1import /' "$client"/*.swift
