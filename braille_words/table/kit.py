"""What the table needs of a game, gathered in one place.

The table is the same for every game: seats, a turn loop, a journal, announcements. A
``GameKit`` binds one game's rules, computer player, command language and presenter to it, so
adding a game is adding a kit to ``GAMES`` rather than another loop.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from braille_words.errors import InputError


class Presenter(Protocol):
    """What ``present/<game>.py`` gives the table: every player-facing word of one game.

    Optional extras the table looks for: ``timer(view)`` and ``timeout_move(rules, state)``
    (a clock), ``prompt_key(view)`` (prompt again when it changes), ``private_input(view)``
    (what is typed now is secret), ``from_position(rules, names, seed, position)`` (exercises),
    ``route(target, selection)`` (routing keys), ``describe_move(move, lang)`` (hints).
    """

    def read(self, low: str, view: dict[str, Any], lang: str, verbosity: str) -> str | None: ...

    def prompt(self, view: dict[str, Any], lang: str, verbosity: str) -> str: ...

    def where(
        self, view: dict[str, Any], lang: str, verbosity: str, names: Sequence[str]
    ) -> str: ...

    def final(self, result: dict[str, Any], lang: str, names: Sequence[str], seat: int) -> str: ...

    def cue_for(self, kind: str, seat: int, params: dict[str, Any]) -> str | None: ...

    def event_params(
        self, kind: str, params: dict[str, Any], seat: int, names: Sequence[str]
    ) -> dict[str, Any]: ...

    def braille_view(self, view: dict[str, Any], lang: str, selection: Any = None) -> list[Any]: ...

    def rack_letters(self, view: dict[str, Any]) -> str: ...


@dataclass(frozen=True)
class GameKit:
    """One game as the table sees it. Module names are imported on first use."""

    id: str
    aliases: tuple[str, ...]
    lang: str
    rules_module: str
    ai_module: str
    commands_module: str
    presenter_module: str
    players: tuple[int, int]
    default_players: str = "human,computer:medium"
    option_names: Mapping[str, str] = field(default_factory=dict)

    def _mod(self, name: str) -> Any:
        return importlib.import_module(name)

    @property
    def rules(self) -> Any:
        return self._mod(self.rules_module)

    @property
    def ai(self) -> Any:
        return self._mod(self.ai_module)

    @property
    def commands(self) -> Any:
        return self._mod(self.commands_module)

    @property
    def presenter(self) -> Presenter:
        return cast(Presenter, self._mod(self.presenter_module))

    def make_rules(self, lexicon: Any, options: dict[str, Any]) -> Any:
        mod = self.rules
        opts = mod.Options.from_json(options) if options else mod.Options()
        return mod.Rules(lexicon, opts)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return self.rules.move_from_json(data)

    def parse(self, line: str, view: dict[str, Any]) -> Any:
        parse: Callable[[str, dict[str, Any]], Any] = self.commands.parse
        return parse(line, view)

    def event_template(self, kind: str) -> str | None:
        templates: dict[str, str] = getattr(self.rules, "EVENT_KINDS", {})
        return templates.get(kind)


GAMES: dict[str, GameKit] = {
    "word_rummikub": GameKit(
        id="word_rummikub",
        aliases=("rummikub", "rummikub-slowny", "word-rummikub", "word_rummikub"),
        lang="pl",
        rules_module="braille_words.games.word_rummikub.rules",
        ai_module="braille_words.games.word_rummikub.computer",
        commands_module="braille_words.games.word_rummikub.commands",
        presenter_module="braille_words.games.word_rummikub.presenter",
        players=(2, 4),
    ),
    "seven_words": GameKit(
        id="seven_words",
        aliases=("siedem-slow", "seven-words", "7-slow", "seven_words", "wordsy"),
        lang="pl",
        rules_module="braille_words.games.seven_words.rules",
        ai_module="braille_words.games.seven_words.computer",
        commands_module="braille_words.games.seven_words.commands",
        presenter_module="braille_words.games.seven_words.presenter",
        players=(1, 6),
    ),
}


def find_game(name: str) -> GameKit:
    """The kit called ``name`` (any alias, any case)."""
    key = name.strip().lower()
    for kit in GAMES.values():
        if key in kit.aliases or key == kit.id:
            return kit
    names = ", ".join(kit.aliases[0] for kit in GAMES.values())
    raise InputError(f"there is no game called '{name}'; the games are: {names}")
