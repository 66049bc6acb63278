"""A command help lists is written as it is typed on an English reader's cells: Word Thief's
"pass x z q", unquoted in UEB grade 2, read "pass it z quite" (x and q alone are the
wordsigns "it" and "quite"), and Card Scrabble's "exchange 1 3 5" one number. English help
quotes each command (the catalogue's ``help_command``); Polish help, whose Braille has no
contractions, lists them as before."""

from __future__ import annotations

import io

from braille_words.braille import text_to_cells, to_unicode
from braille_words.table.outputs import SeatOutput
from tests.table.conftest import MakeTable


def _help(make_table: MakeTable, game: str, lang: str, *lines: str) -> list[str]:
    """What seat 0 reads after each of ``lines``, at one table."""
    heard = [io.StringIO(), io.StringIO()]
    outputs = [SeatOutput(name=f"P{i}", lang=lang, verbosity="beginner", transcript=heard[i])
               for i in range(2)]
    session, _ = make_table(game=game, outputs=outputs)
    said = []
    for line in lines:
        session.handle(0, line)
        said.append(heard[0].getvalue().splitlines()[-1])
    return said


def test_english_help_commands_reach_the_cells_letter_for_letter(
    make_table: MakeTable,
) -> None:
    said, one = _help(make_table, "word_thief", "en", "help", "help pass")
    assert '"pass x z q"' in said
    assert "⠦⠏⠁⠎⠎⠀⠰⠭⠀⠰⠵⠀⠰⠟⠴" in to_unicode(text_to_cells(said, "en"))
    assert one.startswith('"pass x z q": ')


def test_english_help_all_quotes_every_command(make_table: MakeTable) -> None:
    (said,) = _help(make_table, "word_thief", "en", "help all")
    assert '"lay work": ' in said and '"steal 2 frown cat": ' in said


def test_polish_help_lists_its_commands_unquoted(make_table: MakeTable) -> None:
    (said,) = _help(make_table, "word_thief", "pl", "pomoc")
    assert said.startswith("Polecenia gry: połóż work; ukradnij 2 frown cat;"), said
