"""The person's own settings file: ``config.toml`` in their config folder.

It holds what a school decides once rather than on every command line; today that is how long
the records of minors are kept::

    [data]
    keep_days = 365   # games, activity logs and host states older than this are removed

The file is ``$BRAILLE_WORDS_CONFIG`` when that is set, else ``config.toml`` in
``$BRAILLE_WORDS_DATA`` when that is set (everything of one installation in one folder; it
also keeps tests away from the real one), else platformdirs' user config folder
(``~/.config/braille-words/config.toml`` on Linux). No file means the defaults. Nothing here
writes it: it is the school's to write.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from braille_words.errors import InputError

ENV_VAR = "BRAILLE_WORDS_CONFIG"

DEFAULT_KEEP_DAYS = 365
"""One school year, whichever day a game was played: a Polish school year runs from
September to June, and the year-end report in June must still find September's games; after
a year the same class has a new year's records, and last year's are no longer needed for it.
0 keeps everything (a school that archives its records itself)."""


def config_path() -> Path:
    """Where the settings file is read from (it need not exist)."""
    given = os.environ.get(ENV_VAR)
    if given:
        return Path(given)
    data = os.environ.get("BRAILLE_WORDS_DATA")
    if data:
        return Path(data) / "config.toml"
    from platformdirs import user_config_dir

    return Path(user_config_dir("braille-words")) / "config.toml"


def _read() -> dict[str, Any]:
    path = config_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise InputError.coded("config_unreadable", path=path, reason=exc.strerror) from None
    import tomllib  # here: most schools have no settings file, and a game needs no TOML

    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError.coded("config_unreadable", path=path, reason=str(exc)) from None


def keep_days(given: int | None = None) -> int:
    """How many days records are kept: ``given`` (``--keep-days``), else ``[data] keep_days``
    of the settings file, else one school year; 0 keeps them for ever."""
    value: Any = given
    if value is None:
        data = _read().get("data", {})
        value = data.get("keep_days", DEFAULT_KEEP_DAYS) if isinstance(data, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError.coded("config_keep_days", path=config_path(), value=value)
    return value


def days_argument(value: str) -> int:
    """``--keep-days N`` / ``--older-than N``: a whole number of days, 0 or more."""
    try:
        days = int(value)
    except ValueError:
        days = -1
    if days < 0:
        import argparse

        raise argparse.ArgumentTypeError(f"a number of days (0 or more), not {value!r}")
    return days


def add_keep_days(parser: Any) -> None:
    """The one ``--keep-days`` of every command that plays games (``play``, ``resume``,
    ``host``), so it says the same everywhere."""
    parser.add_argument(
        "--keep-days", type=days_argument, metavar="DAYS",
        help="remove saved games and activity logs older than DAYS first (default: [data] "
        f"keep_days in {_shown_path()}, else {DEFAULT_KEEP_DAYS}; 0 keeps everything)")


def _shown_path() -> str:
    try:
        return str(config_path())
    except Exception:  # platformdirs missing at parse time must not stop --help
        return "config.toml"
