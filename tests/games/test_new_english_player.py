"""What a new English-speaking blind player met playing every game with English words and
English messages (issue 38's follow-up), by speech, at 40 cells in UEB grade 2 and at 14
cells: each test is a place where the words heard or felt led them wrong."""

from __future__ import annotations

import pytest

from braille_words.errors import InputError
from braille_words.games.word_rummikub.commands import parse
from braille_words.present.messages import error_text


def test_on_an_empty_table_a_rummikub_put_is_answered_with_an_example_of_new() -> None:
    """"There are no words on the table yet (a new word is 'new'). For example: "put 3 2 1""
    sent the player back to the command that cannot be done yet."""
    empty = {"table": [], "rack": [[100 + k, ch] for k, ch in enumerate("catdog")], "loose": []}
    for line, lang, example in (("put 3 2 1", "en", '"new 3 5 7"'),
                                ("połóż 3 2 1", "pl", "nowe 3 5 7")):
        with pytest.raises(InputError) as exc:
            parse(line, empty)
        said = error_text(exc.value, lang)
        assert said.endswith(example), said
        assert "3 2 1" not in said
