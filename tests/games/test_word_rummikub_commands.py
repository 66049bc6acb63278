"""The Rummikub command language: Polish and English names for every move, 1-based numbers,
tiles by letter, the declarative rebuild, and errors that say what to type instead."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from braille_words.errors import InputError
from braille_words.games.registry import find_game
from braille_words.games.word_rummikub.commands import HELP, parse
from braille_words.games.word_rummikub.rules import (
    CastVote,
    Draw,
    EndTurn,
    MoveTile,
    NewWord,
    Options,
    Place,
    Rebuild,
    ResetTurn,
    Rules,
    Split,
    SwapJoker,
    TakeBack,
    Undo,
)
from braille_words.present.messages import error_text
from braille_words.speech.speaker import plain_game_words


def view(rack: str = "kota?ee", table: tuple[str, ...] = ("szczyt", "k?ot")) -> dict[str, Any]:
    """A seat's view: rack tiles get ids 100…, table tiles 200…; '?x' a joker showing x."""
    words = []
    next_id = 200
    for text in table:
        tiles = []
        i = 0
        while i < len(text):
            joker = text[i] == "?"
            letter = text[i + 1] if joker else text[i]
            tiles.append([next_id, letter, joker])
            next_id += 1
            i += 2 if joker else 1
        words.append({"text": "".join(t[1] for t in tiles), "tiles": tiles})
    return {
        "table": words,
        "rack": [[100 + k, None if ch == "?" else ch] for k, ch in enumerate(rack)],
        "loose": [],
    }


V = view()


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("połóż 3 1 1", Place(102, 0, 0)),
        ("put 3 1 1", Place(102, 0, 0)),
        ("PUT 3 1", Place(102, 0, 6)),  # no position: at the end
        ("put 3 1 7", Place(102, 0, 6)),  # one past the end
        ("put a 2 2", Place(103, 1, 1)),  # a tile named by its letter
        ("put 5 2 1 ż", Place(104, 1, 0, "ż")),  # the joker as Ż
        ("put 1 new", Place(100, 2, 0)),
        ("put 1 3", Place(100, 2, 0)),  # one past the last word: a new word
        ("nowe 1 2 3", NewWord((100, 101, 102))),
        ("new 1 2 5 a", NewWord((100, 101, 104), "a")),
        ("new kot", NewWord((100, 101, 102))),
        ("new kotek", NewWord((100, 101, 102, 105, 104), "k")),  # no second K: the joker
        ("podziel 1 3", Split(0, 2)),
        ("split 1 3", Split(0, 2)),
        ("przenieś 1 6 2 1", MoveTile(0, 5, 1, 0)),
        ("move 1 6 2", MoveTile(0, 5, 1, 3)),  # no target position: at the end
        ("move 1 6 2 0", MoveTile(0, 5, 1, 3)),
        ("move 1 6 new", MoveTile(0, 5, 2, 0)),
        ("move 1 6 1 1", MoveTile(0, 5, 0, 0)),  # within a word
        ("zdejmij 2 3", TakeBack(1, 2)),
        ("take back 2 3", TakeBack(1, 2)),
        ("joker 2 o", SwapJoker(1, 1, tile=101)),
        ("joker 2 2 2", SwapJoker(1, 1, tile=101)),
        ("joker 2 2 1 5", SwapJoker(1, 1, from_word=0, from_position=4)),
        ("cofnij", Undo()),
        ("undo", Undo()),
        ("od nowa", ResetTurn()),
        ("reset", ResetTurn()),
        ("koniec tury", EndTurn()),
        ("gotowe", EndTurn()),
        ("done", EndTurn()),
        ("dobierz", Draw()),
        ("draw", Draw()),
        ("tak", CastVote(True)),
        ("no", CastVote(False)),
        ("2 3 +aa = szyszka oczy kat", Rebuild((1, 2), "aa", ("szyszka", "oczy", "kat"))),
        ("+? = kotek", Rebuild((), "?", ("kotek",))),
        ("+za 1 = zaszczyt", Rebuild((0,), "za", ("zaszczyt",))),
        ("1 +za = zaszczyt !", Rebuild((0,), "za", ("zaszczyt",), True)),
        ("= kotek", Rebuild((), None, ("kotek",))),
        ("1, 2 + = szczyt, kot", Rebuild((0, 1), "", ("szczyt", "kot"))),
    ],
)
def test_every_move_has_a_command(line: str, move: object) -> None:
    table = ("szczyt", "k?ot", "sok") if line.startswith("2 3 +") else ("szczyt", "k?ot")
    assert parse(line, view(table=table)) == move


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("put 9 1 1", "no rack tile 9"),
        ("połóż 9 1 1", "nie ma płytki 9"),
        ("put ź 1 1", "no Ź on your rack"),
        ("put 1 7 1", "no word 7"),
        ("put 1 1 9", "no position 9"),
        ("put 5 1 1", "which letter the joker"),
        ("put 1 1 1 a", "only for a joker"),
        ("split 1 1", "between letters"),
        ("split 1", "takes 2 numbers"),
        ("podziel x 2", "nie jest numerem"),
        ("joker 1 a", "no joker standing for A"),
        ("new", "Name the tiles"),
        ("new 1 1", "same tile"),
        ("new 1 5", "the joker stands for"),
        ("undo 3", "takes no numbers"),
        ("dance 1 2", "There is no command \"dance\""),
        ("1 x = kot", "Before = give word numbers"),
        ("9 = kot", "no word 9"),
        ("1 1 = kot", "named twice"),
        ("1 =", "After = give the words"),
        ("= k0t", "not a word of letters"),
        ("+a1 = kot", "After + give rack letters"),
        ("a = b = c", "one = sign"),
    ],
)
def test_errors_say_what_to_type_instead(line: str, says: str) -> None:
    with pytest.raises(InputError) as exc:
        parse(line, V)
    # The error is a code; each seat hears it in its own language.
    said = {lang: error_text(exc.value, lang) for lang in ("pl", "en")}
    assert says in said["pl"] or says in said["en"]
    assert said["pl"] != said["en"]
    assert str(exc.value) == said["en"]


def test_errors_give_an_example_of_the_command_as_typed() -> None:
    with pytest.raises(InputError) as exc:
        parse("podziel 1", V)
    assert "Na przykład: podziel 2 3" in error_text(exc.value, "pl")
    assert "For example: \"podziel 2 3\"" in error_text(exc.value, "en")
    with pytest.raises(InputError) as exc:
        parse("split 1", V)
    assert "For example: \"split 2 3\"" in error_text(exc.value, "en")


def test_an_english_verb_at_a_polish_seat_is_answered_in_polish() -> None:
    # issue 16 §4: "joker 1 a" answered "Word 1 has no joker…" in a Polish game.
    with pytest.raises(InputError) as exc:
        parse("joker 1 a", V)
    assert error_text(exc.value, "pl").startswith("W słowie 1 nie ma jokera jako A.")


@pytest.mark.parametrize(
    ("count", "says"),
    [(1, "masz 1 płytkę"), (2, "masz 2 płytki"), (5, "masz 5 płytek"), (22, "masz 22 płytki")],
)
def test_the_rack_count_agrees_with_its_noun(count: int, says: str) -> None:
    rack = [[i, "a"] for i in range(count)]
    with pytest.raises(InputError) as exc:
        parse("połóż 30 1", {**V, "rack": rack, "loose": []})
    assert says in error_text(exc.value, "pl")


def test_help_lists_the_same_commands_in_both_languages() -> None:
    assert len(HELP["pl"]) == len(HELP["en"]) >= 15
    for lang in ("pl", "en"):
        for syntax, meaning in HELP[lang]:
            assert syntax and meaning


def _help(lang: str) -> list[tuple[str, str]]:
    """The help entries as the table says them (examples in the Polish words played)."""
    from braille_words.games.registry import find_game

    return find_game("rummikub", "pl").help(lang)


def test_help_examples_parse() -> None:
    v = view(rack="kaz?aoa", table=("szczyt", "k?ata", "sok"))
    for lang in ("pl", "en"):
        for syntax, _ in _help(lang):
            line = plain_game_words(syntax).split(" (")[0].split(" / ")[0]
            if line in ("wartości", "values"):
                continue
            parse(line, v)


def test_a_parsed_command_plays_on_a_real_game() -> None:
    class Anything:
        def contains(self, word: str) -> bool:
            return True

    rules = Rules(Anything(), Options())
    state, _ = rules.new(["a", "b"], seed=4)
    seat = state.current
    state, _ = rules.apply(state, seat, parse("new 1 2 3 4 5 6", state.view_for(seat)))
    assert len(state.turn.table) == 1
    state, _ = rules.apply(state, seat, parse("done", state.view_for(seat)))
    assert state.scores[seat] == 6


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_garbage_never_escapes_as_anything_but_an_input_error(line: str) -> None:
    try:
        parse(line, V)
    except InputError as exc:
        assert str(exc)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["put", "new", "move", "split", "joker", "zdejmij", "=", "+", "?", "0", "1", "2",
             "7", "99", "a", "kot", "!", "new", "od", "nowa", ","]
        ),
        max_size=7,
    )
)
def test_near_commands_never_escape_as_anything_but_an_input_error(words: list[str]) -> None:
    try:
        parse(" ".join(words), V)
    except InputError as exc:
        assert str(exc)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_move_is_said_as_the_command_that_plays_it(lang: str) -> None:
    from braille_words.games.word_rummikub.commands import to_command

    moves = [
        Place(102, 0, 0), Place(104, 1, 0, "ż"), NewWord((100, 101, 104), "a"), Split(0, 2),
        MoveTile(0, 5, 1, 0), TakeBack(1, 2), SwapJoker(1, 1, tile=101),
        SwapJoker(1, 1, from_word=0, from_position=4), Undo(), ResetTurn(), EndTurn(), Draw(),
        CastVote(True), CastVote(False), Rebuild((1,), "aa", ("kotek", "oko")),
        Rebuild((), None, ("kotek",), True),
    ]
    for move in moves:
        assert parse(to_command(move, V, lang), V) == move


def test_a_hint_to_lay_wkurzona_from_the_rack_names_the_word_not_only_equals_wkurzona() -> None:
    """Play-tested: the full hint for a first lay-down was "Podpowiedź: = wkurzona", which
    speech reads as "równa się wkurzona"; it now says what the line makes, then the line."""
    from braille_words.games.word_rummikub.presenter import describe_move
    from braille_words.games.word_rummikub.rules import Rebuild

    move = Rebuild(take=(), rack=None, make=("wkurzona",), end=False)
    view: Any = {"rack": []}
    said = describe_move(move, "pl", view)
    assert said == "WKURZONA z twoich płytek; napisz: = wkurzona"
    assert describe_move(move, "en", view).startswith('WKURZONA from your tiles; type: "=')


@pytest.mark.parametrize(
    ("line", "pl", "en"),
    [
        ("cofnij ruch", "Polecenie „cofnij” piszemy samo, bez „ruch”.",
         "Type 'cofnij' alone, without 'ruch'."),
        ("pas x z q", "Polecenie „pas” piszemy samo, bez „x z q”.",
         "Type 'pas' alone, without 'x z q'."),
        ("cofnij 3", "To polecenie nie potrzebuje liczb.", "This command takes no numbers."),
    ],
)
def test_a_command_that_stands_alone_names_what_was_added_to_it(
    line: str, pl: str, en: str
) -> None:
    with pytest.raises(InputError) as exc:
        parse(line, view())
    assert error_text(exc.value, "pl").startswith(pl)
    assert error_text(exc.value, "en").startswith(en)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_full_help_is_short_enough_to_listen_to_and_names_every_command(lang: str) -> None:
    """Issue 33: "pomoc wszystko" was 1 930 characters, minutes of speech for a child. Read
    as the table reads it (the game's entries between the shared opening and close), it stays
    well under 1 300, and still names every verb the game takes."""
    from braille_words.present.messages import text
    from braille_words.speech.speaker import strip_marks

    entries = " ".join(f"{syntax}: {meaning}." for syntax, meaning in _help(lang))
    said = strip_marks(" ".join([text(lang, "help_intro", "beginner"), entries,
                                 text(lang, "help_common", "beginner")]))
    assert len(said) < 1250, len(said)
    verbs = {"pl": ["połóż", "nowe", "podziel", "przenieś", "zdejmij", "joker", "=", "!",
                    "cofnij", "od nowa", "gotowe", "koniec tury", "dobierz", "tak", "nie",
                    "zamknij głosowanie", "wartości"],
             "en": ["put", "new", "split", "move", "back", "joker", "=", "!", "undo", "reset",
                    "done", "draw", "yes", "no", "close vote", "values"]}[lang]
    named = " ".join(strip_marks(syntax) for syntax, _ in HELP[lang])
    assert [v for v in verbs if v not in named] == []


def test_a_turn_left_open_asks_for_done_not_the_first_lay_down_rule(polish: Any) -> None:
    """A child laid the hinted WKURZONA (the hint leaves the turn open) and, pressing Enter,
    heard the first lay-down's rule again instead of how to end the turn."""
    kit = find_game("rummikub")
    rules = kit.make_rules(polish, {})
    state, _ = rules.new(["Gracz", "Ada"], 5)
    seat = state.current
    move = kit.computer.hint(rules, state, seat)
    assert move is not None
    before = kit.presenter.prompt(state.view_for(seat), "pl", "beginner")
    state, _ = rules.apply(state, seat, move)
    after = kit.presenter.prompt(state.view_for(seat), "pl", "beginner")
    assert "Pierwsze wyłożenie" in before and "Pierwsze wyłożenie" not in after
    assert after.startswith("Twój ruch trwa.") and "„gotowe”" in after
    english = kit.presenter.prompt(state.view_for(seat), "en", "beginner")
    assert english.startswith("Your turn goes on.") and '"done"' in english


@pytest.mark.parametrize(("rack", "taught"), [("gońa?", True), ("gońa", False)])
@pytest.mark.parametrize("line", ["nowe gon", "1 +1 = szczyty"])
def test_the_joker_is_taught_only_to_a_rack_that_holds_one(
        line: str, rack: str, taught: bool) -> None:
    with pytest.raises(InputError) as exc:
        parse(line, view(rack=rack))
    pl, en = error_text(exc.value, "pl"), error_text(exc.value, "en")
    assert ("joker" in pl) is taught and ("joker" in en) is taught


def test_put_with_a_word_of_tiles_points_to_new_not_to_a_count_of_numbers() -> None:
    # Played by ear: "połóż 3 2 1 12 13 6" on an empty table answered "needs 2–4 numbers,
    # you gave 6"; a child laying a word needs the command for a new word.
    empty = view(table=())
    for line, table in (("połóż 3 2 1 4 5 6", empty), ("połóż 9", empty),
                        ("połóż 1 2 3 4 5 6", V)):
        with pytest.raises(InputError) as exc:
            parse(line, table)
        said = error_text(exc.value, "pl")
        assert "„nowe”" in said and "nowe 3 5 7" in said
        assert "liczb" not in said


def test_a_word_typed_with_a_letter_not_held_names_that_letter() -> None:
    # Played by ear: "nowe ź" without Ź nor a joker answered only "Nie masz na stojaku jokera".
    for line in ("nowe ź", "nowe kotź"):
        with pytest.raises(InputError) as exc:
            parse(line, view(rack="kotaee"))
        assert "litery Ź ani jokera" in error_text(exc.value, "pl")
        assert "no Ź on your rack" in error_text(exc.value, "en")
    assert parse("nowe kotź", view(rack="kota?e")) == NewWord((100, 101, 102, 104), "ź")
