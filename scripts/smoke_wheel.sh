#!/usr/bin/env bash
# Build the sdist and the wheel as a release does, check them, and use the wheel the way a
# user would: installed alone (no dev extras, not editable) in a fresh virtual environment,
# run from outside the repository. Then the same with the `lsp` extra.
#
# Usage: scripts/smoke_wheel.sh [DIST_DIR]
#   DIST_DIR: where the sdist and the wheel are written (default: a temporary folder,
#   removed at the end). Needs `build` and `twine` (the dev extra) and PyPI for the
#   package's dependencies.
# A file missing from the sdist or the wheel (package data: the schemas, the editor's
# stylesheet...) fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

python=${PYTHON:-$(command -v python3 || command -v python)}
work=$(mktemp -d "${TMPDIR:-/tmp}/ait-datasets-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
dist=${1:-$work/dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)

step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "smoke test failed: $*" >&2
  exit 1
}

step "build the sdist, then the wheel from the sdist"
rm -f "$dist"/ait_datasets-*
"$python" -m build --outdir "$dist" .
shopt -s nullglob
sdists=("$dist"/ait_datasets-*.tar.gz)
wheels=("$dist"/ait_datasets-*.whl)
shopt -u nullglob
[ "${#sdists[@]}" -eq 1 ] || fail "expected one sdist in $dist, found ${#sdists[@]}"
[ "${#wheels[@]}" -eq 1 ] || fail "expected one wheel in $dist, found ${#wheels[@]}"
wheel=${wheels[0]}
case "$(basename "$wheel")" in
  *-py3-none-any.whl) ;;
  *) fail "$(basename "$wheel") is not a pure-Python wheel (py3-none-any)" ;;
esac

step "twine check"
"$python" -m twine check --strict "${sdists[0]}" "$wheel"

# A fresh virtual environment; prints its folder of programs (bin, or Scripts on Windows).
new_venv() {
  "$python" -m venv "$1"
  if [ -d "$1/Scripts" ]; then echo "$1/Scripts"; else echo "$1/bin"; fi
}

# Run a program of the environment from outside the repository, with nothing of the
# repository on the import path.
in_env() {
  (cd "$work" && env -u PYTHONPATH -u PYTHONHOME "$@")
}

step "install the wheel alone (no extras) into a fresh virtual environment"
bin=$(new_venv "$work/plain")
in_env "$bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
in_env "$bin/python" - "$repo" <<'EOF'
# Imported from the environment, not the repository; every file of the package is there.
import subprocess
import sys
from pathlib import Path

import ait_datasets

repo = Path(sys.argv[1])
installed = Path(ait_datasets.__file__).resolve().parent
assert "site-packages" in installed.parts, f"imported from {installed}, not the environment"
try:
    listed = subprocess.run(
        ["git", "ls-files", "src/ait_datasets"], cwd=repo, capture_output=True, text=True,
        check=True,
    ).stdout.split()
except (OSError, subprocess.CalledProcessError):
    listed = [str(p.relative_to(repo)) for p in (repo / "src" / "ait_datasets").rglob("*")]
source = repo / "src" / "ait_datasets"
missing = [
    name
    for name in listed
    if (repo / name).is_file()
    and not name.endswith(".c")  # compiled, or built from the sdist only
    and "__pycache__" not in name
    and not (installed / (repo / name).relative_to(source)).is_file()
]
assert not missing, f"not installed from the wheel: {missing}"
print(f"{len(listed)} files of the package are installed in {installed}")
EOF

step "every command's --help"
help=$(in_env "$bin/datasets" --help)
# The commands are the lines indented by four spaces under "positional arguments:".
commands=$(printf '%s\n' "$help" \
  | awk '/^positional arguments:/ { on = 1; next } /^[^ ]/ { on = 0 } on && /^    [a-z]/ { print $1 }')
echo "$commands" | grep -qx lint || fail "datasets --help lists no lint command: $help"
for command in $commands; do
  in_env "$bin/datasets" "$command" --help >/dev/null || fail "datasets $command --help"
  echo "datasets $command --help: ok"
done
in_env "$bin/datasets" --version

step "datasets lint examples/"
in_env "$bin/datasets" lint "$repo/examples/"

step "datasets schema (the shipped JSON Schemas)"
for kind in dataset suite-setup jsonl-row; do
  in_env "$bin/datasets" schema --kind "$kind" | "$bin/python" -c "import json, sys; json.load(sys.stdin)"
done

step "datasets report on the shipped results"
results="$repo/examples/results"
in_env "$bin/datasets" report "$results/sales-agent-export.json" \
  --baseline "$results/sales-agent-baseline.json" --quarantine "$results/quarantine.txt"
in_env "$bin/datasets" report "$results/support-bot-runs.jsonl" --format json >/dev/null
in_env "$bin/datasets" report "$results/sales-agent-export.json" -o "$work/report.html"
[ -s "$work/report.html" ] || fail "datasets report -o wrote no page"

step "without the lsp extra, datasets lsp says how to install it"
set +e
message=$(in_env "$bin/datasets" lsp </dev/null 2>&1)
code=$?
set -e
[ "$code" -eq 2 ] || fail "datasets lsp without pygls exited $code: $message"
case "$message" in
  *"pip install 'ait-datasets[lsp]'"*) echo "$message" ;;
  *) fail "datasets lsp without pygls did not give the install command: $message" ;;
esac

step "install the wheel with the lsp extra into a fresh virtual environment"
bin=$(new_venv "$work/lsp")
in_env "$bin/python" -m pip install --quiet --disable-pip-version-check "${wheel}[lsp]"
in_env "$bin/datasets" lsp --help >/dev/null
in_env "$bin/python" -c "import ait_datasets.lsp.server, pygls, lsprotocol; print('the language server imports')"
in_env "$bin/datasets" lint "$repo/examples/"

step "the wheel works: $(basename "$wheel")"
