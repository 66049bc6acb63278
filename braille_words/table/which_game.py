"""Which saved game is yours: asked before a line of anyone's game is replayed.

At a classroom computer several students share one account, so the sessions folder holds
each one's unfinished game. ``braille-words resume`` used to go on with the newest of them,
and Kuba heard Ola's rack. Now, with no file named, the person is shown what identifies a
game and nothing private (the game, its players' names, when it was last played: never a
rack, a card or a score) and says which is theirs: a number among several, yes or no for
the only one. Each game is one short line of its own, which a Braille display of 14 cells
pans through without a word of another game on it.

A script (stdin not a terminal) cannot answer: with one unfinished game it goes on as
before; with several it is told each one's file, to name it (``resume FILE``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from braille_words.errors import BrailleWordsError, InputError
from braille_words.present.messages import text
from braille_words.table import journal as journal_mod
from braille_words.table.vocabulary import HELP_WORDS, REPEAT_WORDS, STOP_WORDS, WHERE_WORDS

YES = {"pl": ("t", "tak"), "en": ("y", "yes")}
"""The answers that mean "this game is mine" (any case); anything else means no."""
NO = {"pl": ("n", "nie"), "en": ("n", "no")}
"""Among several games, the answers that mean "none of them", as Enter alone does (a
display's cancel key sends the first)."""


@dataclass(frozen=True)
class SavedGame:
    """What a person may be told about a saved game before they have said it is theirs."""

    path: Path
    title: str
    players: tuple[str, ...]
    played: float
    """When it was last written (seconds since the epoch)."""


def describe(path: Path) -> SavedGame:
    """The game's title and the names at its seats now; a damaged file is named by its file
    (``resume`` then says what is wrong with it, once it is chosen)."""
    from braille_words.games.registry import GAMES

    try:
        played = path.stat().st_mtime
    except OSError:
        played = 0.0
    try:
        record = journal_mod.read(path)
    except (BrailleWordsError, OSError):
        return SavedGame(path, path.name, (), played)
    entry = GAMES.get(record.header.game)
    # The title the game was played under: "Card Scrabble" in English words, as the game
    # itself named it, not "Scrabble karty".
    words = record.header.words
    title = (record.header.game if entry is None
             else entry.title_in(words) if words else entry.title)
    names = [str(s.get("name", "")) for s in record.header.seats]
    for seat, seated in record.seated.items():
        if 0 <= seat < len(names) and seated:
            names[seat] = seated[-1]
    return SavedGame(path, title, tuple(n for n in names if n), played)


def line(game: SavedGame, lang: str, now: float | None = None) -> str:
    """One game on one line: '7 słów: Ola, Komputer; dziś 17:20'."""
    moment = time.localtime(game.played)
    today = time.localtime(time.time() if now is None else now)
    clock = time.strftime("%H:%M", moment)
    if moment[:3] == today[:3]:
        when = text(lang, "saved_game_today", time=clock)
    else:
        when = text(lang, "saved_game_day", day=time.strftime("%Y-%m-%d", moment), time=clock)
    players = ", ".join(game.players) or "?"
    return text(lang, "saved_game_line", game=game.title, players=players, when=when)


def choose(
    paths: list[Path], lang: str, *, interactive: bool,
    ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
    hush: Callable[[], None] = lambda: None,
) -> Path | None:
    """The game the person says is theirs, of ``paths`` (newest first, at least one); None:
    none of them is (nothing was opened, nothing more is said of any).

    ``say`` tells a sentence, ``ask`` tells the question (when not empty) and waits for the
    answer line. As at the table, "powtórz" (or "pomoc") says the games and the question
    again and "cisza" silences the speech (``hush``)."""
    games = [describe(p) for p in paths]
    if not interactive:
        if len(games) == 1:
            return paths[0]
        listed = "; ".join(f"{line(g, lang)} ({g.path})" for g in games)
        raise InputError(text(lang, "resume_which_file", games=listed))
    yes, no = YES.get(lang, YES["en"]), NO.get(lang, NO["en"])
    question = text(lang, "resume_is_it_yours" if len(games) == 1 else "resume_which",
                    count=len(games))
    _list(games, lang, say)
    prompt = question
    while True:
        answer = " ".join(_asked(ask, prompt).lower().split())
        prompt = question
        if answer in REPEAT_WORDS or answer.split(" ", 1)[0] in HELP_WORDS or (
                answer in WHERE_WORDS):
            _list(games, lang, say)
        elif answer in STOP_WORDS:
            hush()
            prompt = ""
        elif len(games) == 1:
            if answer in yes:
                return paths[0]
            break
        elif answer.isdigit() and 1 <= int(answer) <= len(games):
            return paths[int(answer) - 1]
        elif not answer or answer in no:
            break
        else:  # the sentence says what to type: the question is not asked over it
            say(text(lang, "resume_which_again", count=len(games)))
            prompt = ""
    say(text(lang, "resume_not_opened"))
    return None


def _list(games: list[SavedGame], lang: str, say: Callable[[str], None]) -> None:
    """What is waiting: the only game, or each one on a line of its own with its number."""
    if len(games) == 1:
        say(text(lang, "resume_one_game"))
        say(line(games[0], lang))
        return
    say(text(lang, "resume_games", count=len(games)))
    for number, game in enumerate(games, 1):
        say(f"{number}. {line(game, lang)}")


def _asked(ask: Callable[[str], str], prompt: str) -> str:
    """The answer typed; end of input (Ctrl+D) is no answer."""
    try:
        return ask(prompt + " " if prompt else "")
    except EOFError:
        return ""
