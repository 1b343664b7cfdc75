#!/usr/bin/env bash
# Executes every notebook headless into notebooks/out/ (the committed notebooks stay clean), in a
# virtual environment of its own (notebooks/.venv), so a user's Python packages are never touched.
# Every number the notebooks show comes from the `loadbal` command (cli/): $LOADBAL when set,
# otherwise target/release/loadbal, built here.
# Usage: [LOADBAL=/path/to/loadbal] notebooks/run_all.sh [--install]
#   --install  (re)create notebooks/.venv and install the pinned notebooks/requirements.txt;
#              done automatically when the environment does not exist yet.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
venv="$here/.venv"
if [[ "${1:-}" == "--install" || ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q -r "$here/requirements.txt"
fi
# The notebooks run the `loadbal` command named by $LOADBAL; by default, build it once here.
if [[ -z "${LOADBAL:-}" ]]; then
  cargo build --release -p loadbal-cli -q
  LOADBAL="$PWD/target/release/loadbal"
fi
resolved="$(command -v "$LOADBAL" || true)"
if [[ -z "$resolved" ]]; then
  echo "LOADBAL=$LOADBAL is not an executable" >&2
  exit 1
fi
# Absolute, since the notebooks run the command from the repository's root.
LOADBAL="$(realpath "$resolved")"
export LOADBAL
mkdir -p "$here/out"
status=0
for nb in "$here"/*.ipynb; do
  name="$(basename "$nb")"
  echo "executing $name"
  start=$SECONDS
  if ! (cd "$here" && "$venv/bin/python" -m jupyter nbconvert --to notebook --execute \
        --ExecutePreprocessor.timeout=1800 --ExecutePreprocessor.kernel_name=python3 \
        --output-dir "$here/out" "$nb" >/dev/null 2>"$here/out/${name%.ipynb}.log"); then
    echo "FAILED: $name (see notebooks/out/${name%.ipynb}.log)"
    status=1
  elif grep -q "MissingIDFieldWarning" "$here/out/${name%.ipynb}.log"; then
    echo "FAILED: $name has cells without ids (nbformat MissingIDFieldWarning)"
    status=1
  else
    echo "  done in $((SECONDS - start)) s"
  fi
done
exit $status
