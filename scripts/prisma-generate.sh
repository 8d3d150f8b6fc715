#!/bin/sh
# `prisma generate` tries to download the native schema engine although it never calls it;
# the engine cannot be downloaded where this project is built (no network but the npm registry), so point it at a stub that is never run.
set -e
cd "$(dirname "$0")/.."
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$(pwd)/scripts/schema-engine-stub.sh}"
exec npx --no-install prisma generate "$@"
