#!/usr/bin/env bash
# Builds the page into web/dist/: the crate compiled to WebAssembly, its wasm-bindgen glue,
# and the page. Installs what it needs first: the wasm32-unknown-unknown target, and
# wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock (the two must
# match) unless PATH has it, or stops at once with the command to run.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    echo "web/build.sh: adding the wasm32-unknown-unknown target" >&2
    rustup target add wasm32-unknown-unknown >&2
fi
version="$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')"
wasm_bindgen=wasm-bindgen
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    # Installed where cargo install puts it (CARGO_INSTALL_ROOT, else CARGO_HOME), and run
    # from there, whatever PATH says.
    root="${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}"
    wasm_bindgen="$root/bin/wasm-bindgen"
    if [ "$("$wasm_bindgen" --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
        echo "web/build.sh: installing wasm-bindgen-cli $version (the version in Cargo.lock) into $root" >&2
        # The tool's own lock file can name a dependency the registry no longer serves (it
        # did: webpki-roots 1.0.11); then the same version is installed with its
        # dependencies resolved afresh.
        if ! cargo install --quiet --locked --root "$root" wasm-bindgen-cli --version "$version" >&2 2>/dev/null; then
            echo "web/build.sh: its lock file does not resolve; installing it unlocked" >&2
            if ! cargo install --quiet --root "$root" wasm-bindgen-cli --version "$version" >&2; then
                echo "web/build.sh: could not install it; run: cargo install wasm-bindgen-cli --version $version" >&2
                exit 1
            fi
        fi
    fi
fi

cargo build --release --target wasm32-unknown-unknown -p queens-web
rm -rf web/dist
"$wasm_bindgen" --target web --no-typescript --out-dir web/dist \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/queens_web.wasm"
cp web/index.html web/app.js web/worker.js web/dist/
wasm=web/dist/queens_web_bg.wasm
echo "built web/dist:"
echo "| the page's .wasm | gzipped |"
echo "| --- | --- |"
echo "| $(( $(wc -c < "$wasm") / 1000 )) KB | $(( $(gzip -9 -c "$wasm" | wc -c) / 1000 )) KB |"
echo "preview: python3 -m http.server --bind 127.0.0.1 --directory web/dist 8000, then open http://127.0.0.1:8000/"
