#!/bin/sh
# `npm test`: the whole suite as two jest runs side by side, one per core: the pure tests under
# src/ (CPU: engine, solvers, audit maths; no database) and the tests under test/ over HTTP to a
# real PostgreSQL and Chromium (mostly waiting on sockets, timers and the browser). Each run
# takes its files one after another in one worker that jest replaces past 1 GB of heap
# (docs/design.md says why). With arguments, one run of just those: `npm test -- src/engine`.
set -u
jest() {
  node --experimental-vm-modules node_modules/jest/bin/jest.js --maxWorkers=1 --workerIdleMemoryLimit=1GB "$@"
}
if [ "$#" -gt 0 ]; then
  jest "$@"
  exit $?
fi
jest src/ &
pure=$!
jest test/
e2e=$?
wait "$pure"
pure=$?
[ "$pure" -eq 0 ] && [ "$e2e" -eq 0 ]
