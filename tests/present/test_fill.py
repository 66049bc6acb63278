"""A template is split into its fields once and filled from that (issue 36: the host words
every table's news for the teacher at every move); the sentence is the one the general
formatter makes, for every template of every catalogue, and a field that is more than a name
is still filled by the general formatter."""

from __future__ import annotations

import contextlib
import random
import string
import tomllib
from pathlib import Path
from typing import Any

import pytest

import braille_words
from braille_words.present import messages

ROOT = Path(braille_words.__file__).parent
VALUES: list[Any] = [0, 1, 2, 5, 22, "żółw", ["a", "b"], [], None, ("x",), 3.5, True]


def _templates() -> list[str]:
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for each in value.values():
                walk(each)
        elif isinstance(value, list):
            for each in value:
                walk(each)

    for path in sorted(ROOT.rglob("*.toml")):
        with path.open("rb") as file:
            walk(tomllib.load(file))
    return found


def _general(template: str, params: dict[str, Any], lang: str) -> Any:
    """What the general formatter made of it (as ``fill`` did before), or what it raised."""
    try:
        return messages._formatter(lang).vformat(template, (), params)
    except (ValueError, IndexError, AttributeError):
        return template
    except TypeError as exc:
        return type(exc)


def _filled(template: str, params: dict[str, Any], lang: str) -> Any:
    try:
        return messages.fill(template, params, lang)
    except TypeError as exc:
        return type(exc)


def test_every_catalogue_sentence_is_filled_as_the_general_formatter_fills_it() -> None:
    templates = _templates()
    assert len(templates) > 1000
    names = set()
    for template in templates:
        with contextlib.suppress(ValueError):
            names |= {n for _, n, _, _ in string.Formatter().parse(template) if n}
    rng = random.Random(36)
    for template in templates:
        for lang in ("pl", "en"):
            params = {n: rng.choice(VALUES) for n in names if rng.random() < 0.9}
            assert _filled(template, params, lang) == _general(template, params, lang)


@pytest.mark.parametrize("template", [
    "{a!r} {b}", "{0}", "{}", "{a.real}", "{a[0]}", "x {{y}} {a}", "{a:{b}}", "{a:>5}",
    "{a:d}", "{", "}", "{a:plural:# kot|# koty|# kotów}", "{missing} {a:up}",
])
def test_a_field_that_is_more_than_a_name_is_filled_as_before(template: str) -> None:
    for value in VALUES:
        params = {"a": value, "b": 3}
        assert _filled(template, params, "pl") == _general(template, params, "pl")
