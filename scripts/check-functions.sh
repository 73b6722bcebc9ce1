#!/usr/bin/env bash
# Type-checks every Edge Function with Deno (the `deno` npm package ships the
# binary), each with its own deno.json import map, as the edge runtime runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for entry in functions/*/index.ts; do
  dir=$(dirname "$entry")
  echo "deno check $entry"
  npx --no-install deno check --quiet --config "$dir/deno.json" "$entry" || status=1
done
exit $status
