#!/bin/sh
# `npm test`: the whole suite as three jest runs side by side: the pure tests under src/ (CPU:
# engine, solvers, audit maths; no database), the browser tests under test/browser/ (Chromium, on
# a scratch database of their own, with three long e2e files) and the other tests under test/.
# The e2e runs mostly wait on sockets, timers and the browser. Each run takes its files one after
# another in one worker that jest replaces past 1 GB of heap (docs/design.md says why); several
# workers on one database are not safe, as some files count the whole database's rows.
# With arguments, one run of just those: `npm test -- src/engine`.
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
# Three long e2e files go with the browser tests, so that both e2e runs end about together.
BESIDE='/test/(browser/|collusion-jobs\.|chaos-script\.|games\.)'
TEST_OWN_DATABASE=kartentisch_browser jest "$BESIDE" &
browser=$!
jest test/ --testPathIgnorePatterns "$BESIDE" /node_modules/
e2e=$?
wait "$pure"
pure=$?
wait "$browser"
browser=$?
[ "$pure" -eq 0 ] && [ "$browser" -eq 0 ] && [ "$e2e" -eq 0 ]
