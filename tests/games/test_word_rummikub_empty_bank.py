"""Rummikub Słowny once the bank is empty: "dobierz" then passes, and the game ends when
everybody has passed in a row (rulebook, "Koniec gry").

Played to its end by hints alone (seed 1), a child heard nothing when the last tile was drawn;
the turn went on saying "Ułóż słowa albo „dobierz”", and the hint "Nie widzę dobrego ruchu.
Możesz dobrać płytkę." — the child typed "dobierz" and heard "Gracz pasuje.".
"""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.computer import hint
from braille_words.games.word_rummikub.rules import Draw, Options, Rules, arranged_state
from braille_words.lexicon import Lexicon
from braille_words.present.messages import render


def _rules() -> Rules:
    return Rules(Lexicon.from_words(["kot", "oko"], "pl"), Options())


def test_the_draw_that_takes_the_last_tile_says_the_bank_is_empty_once() -> None:
    rules = _rules()
    state = arranged_state(["eeeeeee", "iiiiiii"], ["kot"], bank="ab")
    first, events = rules.apply(state, 0, Draw())
    assert "bank_emptied" not in [e.kind for e in events]  # one tile is left
    _, events = rules.apply(first, 1, Draw())
    emptied = [e for e in events if e.kind == "bank_emptied"]
    assert len(emptied) == 1 and emptied[0].to is None  # everyone hears it
    assert render("pl", "word_rummikub", "bank_emptied", {}) == (
        "Bank jest pusty: odtąd „dobierz” to pas.")
    assert render("en", "word_rummikub", "bank_emptied", {}) == (
        'The bank is empty: from now on, "draw" passes.')


@pytest.mark.parametrize(
    ("lang", "bank", "said"),
    [("pl", "a", "Nie widzę słowa z twoich płytek: dobierz płytkę; napisz: dobierz"),
     ("pl", "", "Nie widzę słowa z twoich płytek, a bank jest pusty: spasuj; napisz: dobierz"),
     ("en", "", 'I see no word from your tiles, and the bank is empty: pass; type: "draw"')],
)
def test_a_hint_with_no_word_gives_the_line_that_draws_or_passes(
    lang: str, bank: str, said: str
) -> None:
    rules = _rules()
    state = arranged_state(["eeeeeee", "iiiiiii"], ["kot"], bank=bank)
    move = hint(rules, state, 0)
    assert move == Draw()
    presenter = find_game("rummikub").presenter
    assert presenter.describe_move(move, lang, state.view_for(0)) == said


@pytest.mark.parametrize(("lang", "said"), [("pl", "(bank jest pusty: to pas)"),
                                            ("en", "(the bank is empty: it passes)")])
def test_the_turn_prompt_says_drawing_passes_only_with_the_bank_empty(
    lang: str, said: str
) -> None:
    presenter = find_game("rummikub").presenter
    empty = arranged_state(["eeeeeee", "iiiiiii"], ["kot"], bank="").view_for(0)
    full = arranged_state(["eeeeeee", "iiiiiii"], ["kot"]).view_for(0)
    assert said in presenter.prompt(empty, lang, "beginner")
    assert said not in presenter.prompt(full, lang, "beginner")


@pytest.mark.parametrize(("lang", "cells", "shown"), [
    ("pl", 14, "Bank pusty."), ("pl", 40, "Bank jest pusty: odtąd"),
    ("en", 14, "Bank empty."), ("en", 40, "The bank is empty: from now on,"),
])
def test_the_bank_emptied_reaches_the_cells_of_a_short_and_a_long_display_and_speech(
    lang: str, cells: int, shown: str, tmp_path: Any
) -> None:
    """Checked by speech only when it was added: the reader without speech pans through the
    news after the draw that takes the last tile and reads it; speech says it whole."""
    from test_word_thief_child_play import _frames_display, _read_on_cells

    from braille_words.speech.speaker import strip_marks
    from braille_words.table.launch import new_session
    from braille_words.table.outputs import SeatOutput
    from braille_words.table.seats import SeatConfig

    display = _frames_display(cells, lang)
    out = SeatOutput(name="Ola", lang=lang, verbosity="beginner", hold_news=True,
                     display=display)
    seats = [SeatConfig(name="Ola", display="none", speech="none"),
             SeatConfig(name="Ada", kind="computer", display="none", speech="none")]
    position = {"racks": ["eeeeeee", "iiiiiii"], "table": ["kot"], "laid_down": [True, True],
                "bank": "a"}
    session = new_session(find_game("rummikub"), seats, seed=1,
                          journal_path=tmp_path / "g.jsonl", lexicon=_rules().lexicon,
                          options={"position": position},
                          outputs=[out, SeatOutput(name="Ada", lang=lang, verbosity="beginner")])
    try:
        session._prompt()
        session.pump()
        _read_on_cells(out, display)  # the opening, read through
        session.handle(0, {"pl": "dobierz", "en": "draw"}[lang])
        session.pump()
        read = " ".join(_read_on_cells(out, display))
        assert " ".join(shown.split()) in read, read
        said = strip_marks(" ".join(out.said))
        assert render(lang, "word_rummikub", "bank_emptied", {}) in said
    finally:
        session.close()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_draw_is_said_as_a_draw_and_only_a_draw_from_an_empty_bank_as_a_pass(
    lang: str,
) -> None:
    """A child typed "dobierz" and heard "Gracz pasuje. Gracz dobiera 1 płytkę.": the
    rulebook's player who cannot lay a word draws a tile; only with the bank empty is it a
    pass."""
    rules = _rules()
    kit = find_game("rummikub")
    for bank, passes in (("a", False), ("", True)):
        state = arranged_state(["eeeeeee", "iiiiiii"], ["kot"], bank=bank)
        _, events = rules.apply(state, 0, Draw())
        said = " ".join(
            render(lang, kit.id, kit.presenter.event_key(e.kind),
                   {**e.params, **kit.presenter.event_params(e.kind, e.params, 0,
                                                             ["Ola", "Ada"], lang)})
            for e in events if e.to in (None, 0))
        assert ({"pl": "P1 pasuje.", "en": "P1 passed."}[lang] in said) is passes, said
        assert ({"pl": "P1 dobiera 1", "en": "P1 drew 1"}[lang] in said) is not passes, said
