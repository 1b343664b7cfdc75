#!/usr/bin/env bash
# Builds and runs the README's first Rust example as a stranger would: a fresh binary crate that
# depends on loadbal by path and on nothing else the README does not name.
set -euo pipefail
repo="$(cd "${1:-.}" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src"
# The README's first ```rust block, verbatim.
awk '/^```rust/{on=1; next} /^```/{if(on){exit}} on' "$repo/README.md" > "$tmp/example.rs"
test -s "$tmp/example.rs"
# As rustdoc does: a block ending in `Ok::<(), E>(())` is the body of a function returning Result.
if grep -Eq '^[[:space:]]*Ok::<' "$tmp/example.rs"; then
  { echo 'fn run() -> Result<(), Box<dyn std::error::Error>> {'; cat "$tmp/example.rs"; echo '}'
    echo 'fn main() { if let Err(e) = run() { eprintln!("{e}"); std::process::exit(1); } }'; } > "$tmp/src/main.rs"
else
  { echo 'fn main() {'; cat "$tmp/example.rs"; echo '}'; } > "$tmp/src/main.rs"
fi
cat > "$tmp/Cargo.toml" <<TOML
[package]
name = "newcomer"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
loadbal = { path = "$repo" }

# Same optimisation as the repository's dev profile, so that the shared target directory's
# dependencies are reused (this does not change what the example needs to build).
[profile.dev]
opt-level = 1
debug = "line-tables-only"

[profile.dev.package."*"]
opt-level = 3
debug = false
TOML
# The repository's lock file, so that the dependencies resolve to the versions already built
# (a fresh resolution picks newer patch releases and recompiles most of the tree).
cp "$repo/Cargo.lock" "$tmp/Cargo.lock"
CARGO_TARGET_DIR="$repo/target" cargo run --quiet --manifest-path "$tmp/Cargo.toml"
echo "newcomer check: the README's first example builds and runs"
