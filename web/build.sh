#!/usr/bin/env bash
# Builds the page into web/dist/: the crate compiled to WebAssembly, its wasm-bindgen glue,
# and the page. Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# of the wasm-bindgen crate in Cargo.lock (.ci/run installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --target wasm32-unknown-unknown -p queens-web
rm -rf web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist \
    target/wasm32-unknown-unknown/release/queens_web.wasm
cp web/index.html web/app.js web/dist/
wasm=web/dist/queens_web_bg.wasm
echo "built web/dist: the .wasm is $(( $(wc -c < "$wasm") / 1000 )) KB ($(( $(gzip -9 -c "$wasm" | wc -c) / 1000 )) KB gzipped)"
echo "open it with python3 -m http.server -d web/dist"
