#!/usr/bin/env bash
# Prints the folder of a pinned Node.js release (its bin/ and include/), installing it once from
# the npm registry's `node` package when the machine's own Node is another release line.
# Usage: scripts/node-release.sh 22.23.3
set -euo pipefail
version=$1
if [ "$(node --version 2>/dev/null | cut -d. -f1)" = "v${version%%.*}" ]; then
  dirname "$(dirname "$(command -v node)")"
  exit 0
fi
prefix="${XDG_CACHE_HOME:-$HOME/.cache}/vectrace-node/$version"
find_release() { compgen -G "$prefix/node_modules/node/node_modules/node-*/bin/node" | head -n 1; }
if [ -z "$(find_release)" ]; then
  echo "Installing Node.js $version" >&2
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node@$version" >&2
fi
binary=$(find_release)
[ -n "$binary" ] || { echo "Node.js $version could not be installed" >&2; exit 1; }
dirname "$(dirname "$binary")"
