"""Word Rummikub as an English-speaking player hears it (issue 38).

Played to its end by ear: "Ada laid 2 PRONOUNCE." (two of them?) for a word laid as word 2;
a hint that needed one table word and one letter said "from table words 5" and "add your
letters ess"; a themed game's vote asked to "vote accept or reject" while the prompt said
"yes or no"; and help offered a vote on "the theme" at a table that has none.
"""

from __future__ import annotations

import pytest

from braille_words.games.registry import find_game
from braille_words.games.votes import parse_ballot
from braille_words.games.word_rummikub.rules import Options, Rebuild, Rules, arranged_state
from braille_words.lexicon import Lexicon
from braille_words.present.messages import render


def _rules() -> Rules:
    return Rules(Lexicon.from_words(["kot", "koty", "oko", "okoty"], "pl"), Options())


def test_words_laid_from_the_rack_are_said_as_new_words_with_their_numbers() -> None:
    rules = _rules()
    state = arranged_state(["kotaaaa", "iiiiiii"], ["oko"])
    _, events = rules.apply(state, 0, Rebuild((), None, ("kot",)))
    laid = next(e for e in events if e.kind == "table_rebuilt")
    said = render("en", "word_rummikub", "table_rebuilt", {**laid.params, "name": "Ada"})
    assert said == "Ada laid a new word: 2 KOT."
    two = render("en", "word_rummikub", "table_rebuilt",
                 {"name": "Ada", "words": "2 KOT, 3 OKO", "count": 2})
    assert two == "Ada laid new words: 2 KOT, 3 OKO."


@pytest.mark.parametrize(
    ("lang", "one_word", "one_letter"),
    [("en", "from table word 1 and", "add your letter "),
     ("pl", "ze słowa stołu 1 i", "dołóż swoją literę: ")],
)
def test_a_hint_counts_the_table_words_and_letters_it_names(
    lang: str, one_word: str, one_letter: str
) -> None:
    rules = _rules()
    state = arranged_state(["yaaaaaa", "iiiiiii"], ["kot"])
    move = Rebuild((0,), None, ("koty",))
    rules.apply(state, 0, move)  # a move the rules take
    presenter = find_game("rummikub").presenter
    view = state.view_for(0)
    assert one_word in presenter.describe_move(move, lang, view)
    assert one_letter in (presenter.nudge(move, lang, view, "beginner") or "")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_themed_vote_asks_for_the_words_a_vote_is_said_in(lang: str) -> None:
    yes, no = ("yes", "no") if lang == "en" else ("tak", "nie")
    for key in ("vote_opened", "vote_pending", "prompt_vote"):
        said = render(lang, "word_rummikub", key, {"words": "KOT", "theme": "zoo"})
        assert f"{yes} " in said and f" {no}" in said, said
    assert parse_ballot(yes) is True and parse_ballot(no) is False


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_help_says_the_votes_belong_to_the_themed_game(lang: str) -> None:
    kit = find_game("rummikub")
    votes = dict(kit.help(lang))["yes / no" if lang == "en" else "tak / nie"]
    assert ("themed game" if lang == "en" else "gra tematyczna") in votes
