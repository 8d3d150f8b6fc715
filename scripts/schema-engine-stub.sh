#!/bin/sh
# Stands in for Prisma's native schema engine during `prisma generate` (never invoked by it).
echo "the native Prisma schema engine is not installed; migrations are applied by src/database/migrations.ts" >&2
exit 1
