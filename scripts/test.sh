#!/bin/sh
# `npm test`: the whole suite as three jest runs side by side: the pure tests under src/ (CPU:
# engine, solvers, audit maths) with some long e2e files, the browser tests under test/browser/
# (Chromium) and the other tests under test/.
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
# Three lanes of about equal length (docs/design.md, "Running it"): the pure tests and some long e2e
# files, each lane after the first on a scratch database of its own.
BESIDE_PURE='/test/(chaos-script|collusion-jobs|games|fuzz|chaos|sessions|seat-record)\.|/test/browser/dobbm\.'
BROWSER='/test/browser/'
TEST_OWN_DATABASE=kartentisch_lane_pure jest src/ "$BESIDE_PURE" &
pure=$!
TEST_OWN_DATABASE=kartentisch_browser jest "$BROWSER" --testPathIgnorePatterns "$BESIDE_PURE" /node_modules/ &
browser=$!
jest test/ --testPathIgnorePatterns "$BESIDE_PURE" "$BROWSER" /node_modules/
e2e=$?
wait "$pure"
pure=$?
wait "$browser"
browser=$?
[ "$pure" -eq 0 ] && [ "$browser" -eq 0 ] && [ "$e2e" -eq 0 ]
