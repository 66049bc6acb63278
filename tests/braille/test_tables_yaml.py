"""Our liblouis tables checked by liblouis' own test runner, lou_checkyaml."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from braille_words.resources import data_dir

SYSTEM_TABLES = Path("/usr/share/liblouis/tables")
TABLES = data_dir("tables")
YAML_FILES = sorted(TABLES.glob("*.yaml"))
# Where a liblouis source or test package would put its own Polish spec.
POLISH_SPEC_CANDIDATES = [
    Path("/usr/share/liblouis/tests/braille-specs/pl-g1.yaml"),
    Path("/usr/share/doc/liblouis-data/tests/braille-specs/pl-g1.yaml"),
    Path("/usr/share/liblouis/tests/pl-g1.yaml"),
]

pytestmark = pytest.mark.skipif(
    shutil.which("lou_checkyaml") is None, reason="lou_checkyaml (liblouis-bin) is not installed"
)


def run_checkyaml(path: Path) -> subprocess.CompletedProcess[str]:
    # liblouis separates the folders of its search path with commas.
    env = dict(os.environ, LOUIS_TABLEPATH=f"{TABLES},{SYSTEM_TABLES}")
    return subprocess.run(
        ["lou_checkyaml", str(path)], env=env, capture_output=True, text=True, timeout=60
    )


def test_tables_folder_holds_yaml_tests_for_both_languages() -> None:
    names = {p.name for p in YAML_FILES}
    assert {"braille-words-pl.yaml", "braille-words-en.yaml"} <= names


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_yaml_tests_of_our_tables_pass(path: Path) -> None:
    result = run_checkyaml(path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_wrong_expectation_makes_lou_checkyaml_fail(tmp_path: Path) -> None:
    """The runner above can fail: a joker that is not the full cell is caught."""
    spec = tmp_path / "wrong.yaml"
    spec.write_text(
        "display: unicode.dis\n"
        "table: [braille-words-pl-comp8.ctb]\n"
        "flags: {testmode: forward}\n"
        'tests:\n  - ["\\ue000", ⠁]\n',
        encoding="utf-8",
    )
    result = run_checkyaml(spec)
    assert result.returncode == 1


def test_liblouis_own_polish_spec_passes_when_installed() -> None:
    spec = next((p for p in POLISH_SPEC_CANDIDATES if p.is_file()), None)
    if spec is None:
        pytest.skip("liblouis' pl-g1.yaml is not shipped by Debian's liblouis packages")
    result = run_checkyaml(spec)
    assert result.returncode == 0, result.stdout + result.stderr
