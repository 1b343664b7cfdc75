#!/usr/bin/env bash
# Executes every notebook headless into notebooks/out/ (the committed notebooks stay clean).
# Usage: notebooks/run_all.sh [--install]   (--install pip-installs notebooks/requirements.txt)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
if [[ "${1:-}" == "--install" ]]; then
  python3 -m pip install -q -r "$here/requirements.txt"
fi
# Build the example binaries once so that the notebooks only run them.
cargo build --release --examples -q
mkdir -p "$here/out"
status=0
for nb in "$here"/*.ipynb; do
  name="$(basename "$nb")"
  echo "executing $name"
  if ! (cd "$here" && python3 -m jupyter nbconvert --to notebook --execute \
        --ExecutePreprocessor.timeout=1800 --output-dir "$here/out" "$nb" >/dev/null 2>"$here/out/${name%.ipynb}.log"); then
    echo "FAILED: $name (see notebooks/out/${name%.ipynb}.log)"
    status=1
  fi
done
exit $status
