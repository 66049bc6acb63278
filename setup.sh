#!/usr/bin/env bash
# braille-words set-up: installs what the game needs from Debian and PyPI by name, then
# plays (`bash setup.sh play`) or runs every check CI runs (`bash setup.sh test`).
# It is safe and quick to run again: each step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-play}"
[ "$#" -gt 0 ] && shift

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian packages. python3-louis (liblouis' binding) and python3-brlapi (BRLTTY's client) are
# not on PyPI; they are linked into the virtualenv below, as is python3-evdev (a student's own
# USB keyboard at a classroom table; PyPI's evdev would need a compiler and kernel headers).
DEBS=(python3 python3-venv liblouis20 liblouis-data liblouis-bin python3-louis brltty python3-brlapi
      python3-evdev
      espeak-ng libespeak-ng1 espeak-ng-data libportaudio2 libasound2-plugins alsa-utils
      speech-dispatcher speech-dispatcher-espeak-ng python3-speechd wpolish scowl wamerican socat sox)
# The tests hear speech-dispatcher through a private PulseAudio. Only for `test`, and never where
# PipeWire serves the desktop's sound: installing pulseaudio there would replace it.
if [ "$mode" = test ] && ! dpkg-query -W -f='${Status}' pipewire-pulse 2>/dev/null | grep -q "ok installed"; then
  DEBS+=(pulseaudio pulseaudio-utils)
fi
# The teacher's page is tested in a real browser: Debian's chromium driven by chromium-driver
# (Selenium), with axe-core from npm. Only for `test`.
if [ "$mode" = test ]; then
  DEBS+=(chromium chromium-driver)
  # A machine whose Node.js came from elsewhere (NodeSource's nodejs ships its own npm and
  # conflicts with Debian's) keeps it; elsewhere Debian's npm brings Node.js with it.
  command -v npm >/dev/null 2>&1 || DEBS+=(npm)
fi
missing=()
for p in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The virtualenv is made from Debian's python3, whose ABI matches python3-brlapi.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.braille-words-installed
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  # build: wordfreq, read by `lexicon build` below (word frequencies), never at play time
  .venv/bin/python -m pip install -q -e '.[dev,build]'
  echo "$want" > "$stamp"
fi

# Link Debian's louis, brlapi and evdev modules (only these, not all of dist-packages) into the venv.
purelib="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
platlib="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')"
ln -sfn /usr/lib/python3/dist-packages/louis "$purelib/louis"
ln -sfn /usr/lib/python3/dist-packages/evdev "$platlib/evdev"
for f in /usr/lib/python3/dist-packages/brlapi*.so /usr/lib/python3/dist-packages/speechd; do
  [ -e "$f" ] && ln -sfn "$f" "$platlib/$(basename "$f")"
done

# Compile the word graphs once (skipped when they are up to date).
.venv/bin/braille-words lexicon build --quiet

# axe-core (the accessibility checker the browser tests run) into a folder of its own.
if [ "$mode" = test ] && [ ! -f .test-tools/node_modules/axe-core/axe.min.js ]; then
  mkdir -p .test-tools
  npm install --silent --no-audit --no-fund --prefix .test-tools axe-core@4
fi

case "$mode" in
  play)
    exec .venv/bin/braille-words play "$@" ;;
  test)
    .venv/bin/ruff check --no-cache braille_words tests benchmarks
    .venv/bin/mypy
    .venv/bin/lint-imports --no-cache
    # Python keeps the modules it compiles (__pycache__, ignored by git): with
    # PYTHONDONTWRITEBYTECODE set in the environment, every `braille-words` the tests start
    # compiled the game anew, a third of the CPU of the tests that run the program.
    unset PYTHONDONTWRITEBYTECODE
    exec .venv/bin/pytest -n 2 --dist loadgroup "$@" ;;
  setup)
    echo "Set-up complete. Start a game with: .venv/bin/braille-words play" ;;
  *)
    echo "usage: bash setup.sh [play|test|setup] [arguments…]" >&2; exit 2 ;;
esac
