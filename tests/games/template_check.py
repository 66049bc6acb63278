"""The check the game tests share: an English fallback template fills from an event's own
parameters, as the table fills it (``present.messages.fill``)."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from braille_words.present.messages import fill


def filled(template: str, params: Mapping[str, Any]) -> str:
    """The filled sentence; every placeholder of ``template`` must be among ``params``."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    assert names <= set(params), f"{template!r} needs {names - set(params)}"
    said = fill(template, params, "en")
    assert said
    return said
