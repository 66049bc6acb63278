"""A new English-speaking player plays each game in English words and English messages from
its first line to its final scores, asking what a newcomer asks (help, where, repeat, a
command that is not one, a word the dictionary lacks, a card they do not hold): nothing they
hear is Polish, and "where" names their own turn as theirs and a finished game as finished
("Player's turn." was their own default name; "Ada's turn." and "?'s turn." came after the
game had ended)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.present.messages import error_text
from braille_words.table.launch import new_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig

NAMES = ["Player", "Ada", "Ben"]

POLISH_LETTERS = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”]")
POLISH_WORDS = frozenset({
    "ruch", "kolej", "gracz", "sprawdź", "sprawdz", "strata", "pomoc", "stojak", "karty",
    "karta", "słowo", "slowo", "wyniki", "zasady", "tak", "nie", "jest", "twój", "twoj",
    "koniec", "dobierz", "połóż", "poloz", "gotowe", "premia", "premiowa", "warunkowa",
    "punktów", "punkty", "pkt", "runda", "temat", "wyzwanie", "ukradnij", "wyłóż"
})

# What a newcomer tries before and after the game, in every game's words.
ASKED_FIRST = ["help", "where", "repeat", "xyzzy", "hint", "hint", "rules", "rules 2", "hand",
               "rack", "last", "scores"]
# A word no dictionary holds, and letters or cards the player does not hold, as each game
# writes a move.
WRONG_MOVES = {
    "scrabble-karty": ["8H qxzqv", "8H ha?t", "put 9 H8", "against 9", "exchange 9", "clock"],
    "word-thief": ["lay qxzqv", "steal 9 cat", "pass 9"],
    "rummikub": ["put 9 1", "new 9 8 7", "= qxzqv !"],
    "siedem-slow": [],  # a written word cannot be changed: the newcomer's real word goes first
    "alicja": [],
}
ASKED_LAST = ["where", "scores", "hint", "repeat", "xyzzy"]


def _line(kit: Any, move: Any, view: Any) -> str:
    """The line a person types for ``move`` (a hint's quoted line, or the move's own)."""
    data = move.to_json() if hasattr(move, "to_json") else {}
    if data.get("type") == "challenge":
        return f"challenge {NAMES[data['target']]}"
    said = kit.presenter.describe_move(move, "en", view)
    quoted = re.findall(r'"([^"]+)"?$', said) or re.findall(r'"([^"]+)"', said)
    return quoted[-1] if quoted else said


def _play(game: str, seed: int, tmp_path: Path, english: Any,
          verbosity: str = "beginner") -> tuple[str, dict[str, str]]:
    """Seat 0's transcript of a whole game in English whose every seat is a person playing
    the medium computer's moves (so the table waits on nobody's thread), and what seat 0
    was answered to each of ``ASKED_LAST`` after the end."""
    kit = find_game(game, "en")
    count = max(2, kit.players[0])
    heard = [io.StringIO() for _ in range(count)]
    seats = [SeatConfig(name=NAMES[k], display="none", speech="none", lang="en")
             for k in range(count)]
    outs = [SeatOutput(name=NAMES[k], lang="en", verbosity=verbosity, transcript=heard[k])
            for k in range(count)]
    session = new_session(kit, seats, seed=seed, journal_path=tmp_path / "g.jsonl",
                          lexicon=english, outputs=outs)
    try:
        session._prompt()
        for line in [*ASKED_FIRST, *WRONG_MOVES[game]]:
            session.handle(0, line)
        rng = random.Random(seed)
        for _ in range(600):
            if not session.state.awaiting:
                break
            seat = min(session.state.awaiting)
            move = kit.computer.choose_move(session.rules, session.state, seat, "medium", rng)
            session.handle(seat, _line(kit, move, session.view_of(seat)))
        assert not session.state.awaiting, "the game did not end"
        session._finish()
        answers = {}
        for line in ASKED_LAST:
            before = len(heard[0].getvalue())
            session.handle(0, line)
            answers[line] = heard[0].getvalue()[before:].strip()
        return heard[0].getvalue(), answers
    finally:
        session.close()


Played = Any


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, english: Any) -> Played:
    """``_play`` at seed 5, each game and verbosity played once for the tests that only read
    what was heard (a whole game each: the module's time is in these)."""
    done: dict[tuple[str, str], tuple[str, dict[str, str]]] = {}

    def play(game: str, verbosity: str = "beginner") -> tuple[str, dict[str, str]]:
        if (game, verbosity) not in done:
            done[game, verbosity] = _play(game, 5, tmp_path_factory.mktemp("game"), english,
                                          verbosity)
        return done[game, verbosity]

    return play


@pytest.mark.parametrize("verbosity", ["beginner", "expert"])
@pytest.mark.parametrize("game", sorted(WRONG_MOVES))
def test_an_english_seat_hears_no_polish_from_the_first_line_to_the_final_scores(
    game: str, verbosity: str, played: Played
) -> None:
    """In full sentences, and in the short forms an expert and a short display get."""
    said, _ = played(game, verbosity)
    assert not POLISH_LETTERS.findall(said), POLISH_LETTERS.findall(said)
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", said)}
    assert not words & POLISH_WORDS, sorted(words & POLISH_WORDS)
    assert "Traceback" not in said and "{" not in said
    # nor a name from inside the program ("the clock_minutes option")
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", said), re.findall(r"\b[a-z]+_[a-z_]+\b", said)


def test_a_joker_the_hand_lacks_is_named_a_joker_not_a_question_mark(played: Played) -> None:
    """"8H ha?t" with no joker in hand heard "Your hand lacks H, A, ?T.": a speech
    synthesizer reads "question mark T", and a child looks for a card called that."""
    said, _ = played("scrabble-karty")
    assert "Your hand lacks a joker." in said
    assert "?" + "T" not in said


@pytest.mark.parametrize("game", ["scrabble-karty", "word-thief", "alicja"])
def test_where_tells_a_finished_game_and_no_ones_turn(game: str, played: Played) -> None:
    _, answers = played(game)
    assert answers["where"].startswith("The game is over."), answers["where"]
    assert "turn" not in answers["where"], answers["where"]


@pytest.mark.parametrize("game", ["scrabble-karty", "word-thief", "alicja"])
def test_where_tells_the_asking_seat_its_own_turn_as_its_own(
    game: str, english: Any
) -> None:
    kit = find_game(game, "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(NAMES, 5)
    if game == "alicja":
        from braille_words.games.alicja.rules import ChooseTheme

        state, _ = rules.apply(state, state.current, ChooseTheme(0))
    me = state.current
    other = (me + 1) % len(NAMES)
    mine = kit.presenter.where(state.view_for(me), "en", "beginner", NAMES)
    theirs = kit.presenter.where(state.view_for(other), "en", "beginner", NAMES)
    assert mine.startswith("Your turn.") and f"{NAMES[me]}'s turn" not in mine, mine
    assert theirs.startswith(f"{NAMES[me]}'s turn."), theirs
    polish = kit.presenter.where(state.view_for(me), "pl", "beginner", NAMES)
    assert polish.startswith("Twoja kolej." if game == "alicja" else "Twój ruch."), polish


@pytest.mark.parametrize(("game", "word", "starts"), [
    ("rummikub", "hand", "Rack, "), ("word-thief", "rack", "Hand, "),
    ("scrabble-karty", "rack", "Hand, ")])
def test_the_other_card_games_word_for_what_a_player_holds_reads_it(
    game: str, word: str, starts: str, english: Any
) -> None:
    """"hand" in Word Rummikub was "Unknown command 'hand'": a newcomer from a card game
    calls the rack a hand, and one from Scrabble calls Word Thief's hand a rack."""
    kit = find_game(game, "en")
    state, _ = kit.make_rules(english, {}).new(NAMES[:2], 5)
    said = kit.presenter.read(word, state.view_for(0), "en", "beginner")
    assert said is not None and said.startswith(starts), said


@pytest.mark.parametrize("game", sorted(WRONG_MOVES))
def test_a_line_after_the_end_is_told_the_game_is_over_not_whose_turn_it_is(
    game: str, played: Played
) -> None:
    """"xyzzy" after the final scores heard "Now playing: ." (Alicja: " is speaking now")."""
    _, answers = played(game)
    assert answers["xyzzy"] == "The game is over: there are no more moves. You may read the scores."


@pytest.mark.parametrize(("game", "title"), [
    ("scrabble-karty", "Card Scrabble"), ("alicja", "Alice in Wordland"),
    ("rummikub", "Word Rummikub"), ("siedem-slow", "Wordsy (7 Words)")])
def test_resume_names_a_game_in_english_words_by_the_title_it_was_played_under(
    game: str, title: str, tmp_path: Path, english: Any
) -> None:
    """After kill -9, "resume" listed "Scrabble karty: Player, Ada" for the game that had
    introduced itself as Card Scrabble."""
    from braille_words.table.which_game import describe, line

    kit = find_game(game, "en")
    count = max(2, kit.players[0])
    seats = [SeatConfig(name=NAMES[k], display="none", speech="none") for k in range(count)]
    session = new_session(kit, seats, seed=5, journal_path=tmp_path / "g.jsonl",
                          lexicon=english,
                          outputs=[SeatOutput(name=NAMES[k], lang="en", verbosity="beginner")
                                   for k in range(count)])
    session.close()
    assert line(describe(tmp_path / "g.jsonl"), "en").startswith(f"{title}: Player, Ada")


@pytest.mark.parametrize("game", ["scrabble-karty", "word-thief", "rummikub"])
def test_a_command_that_is_not_one_is_answered_alike_in_every_english_game(
    game: str, tmp_path: Path, english: Any
) -> None:
    """Word Rummikub alone answered "Unknown command 'xyzzy'. Type e.g. 'put 3 2 1'…", in
    single quotes and with an example that cannot be played on an empty table."""
    from braille_words.errors import InputError

    kit = find_game(game, "en")
    state, _ = kit.make_rules(english, {}).new(NAMES[:2], 5)
    with pytest.raises(InputError) as exc:
        kit.commands.parse("xyzzy 1", state.view_for(0))  # (a lone word is Word Thief's move)
    said = error_text(exc.value, "en")
    assert said.startswith('There is no command "xyzzy') and "'" not in said, said


def test_where_while_a_card_scrabble_move_waits_tells_the_rival_to_accept_or_check(
    english: Any
) -> None:
    """The rival asking "where" as the game waited on their "accept" or "check" heard
    "Ada's turn." (the mover's name), and the mover heard "Your turn."."""
    kit = find_game("scrabble-karty", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(NAMES[:2], 5)
    mover = state.current
    move = kit.computer.choose_move(rules, state, mover, "medium", random.Random(1))
    state, _ = rules.apply(state, mover, move)
    rival = 1 - mover
    assert rival in state.awaiting
    asked = kit.presenter.where(state.view_for(rival), "en", "beginner", NAMES[:2])
    assert asked.startswith(f"{NAMES[mover]} lays ") and '"Accept" or "check"' in asked, asked
    told = kit.presenter.where(state.view_for(mover), "en", "beginner", NAMES[:2])
    assert told.startswith("The rivals are answering the move."), told


def test_where_during_an_alice_vote_asks_the_voter_for_their_vote(english: Any) -> None:
    """A voter asking "where" as the game waited on their "yes" or "no" heard "Ada's
    turn." (the challenger's)."""
    from braille_words.games.alicja.rules import ChooseTheme

    kit = find_game("alicja", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(NAMES, 5)
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    speaker = state.current
    state, _ = rules.apply(state, speaker, kit.commands.parse("say popcorn",
                                                              state.view_for(speaker)))
    challenger = state.current
    state, _ = rules.apply(state, challenger, kit.commands.parse("challenge",
                                                                 state.view_for(challenger)))
    voter = next(s for s in state.awaiting if s not in (speaker, challenger))
    asked = kit.presenter.where(state.view_for(voter), "en", "beginner", NAMES)
    assert asked.startswith("Vote: does POPCORN fit the theme"), asked


def test_word_rummikubs_short_turn_and_nudge_show_the_rack_in_lower_case_on_english_cells(
    english: Any
) -> None:
    """As every other game's hand: "Your turn: T, J, S, …" took a capitals passage (⠠⠠⠠, and
    its terminator) of the 14 cells, and a reader met capitals for tiles."""
    from braille_words.braille import text_to_cells
    from braille_words.braille.cells import to_unicode
    from braille_words.speech.speaker import for_cells

    kit = find_game("rummikub", "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.new(NAMES[:2], 5)
    view = state.view_for(state.current)
    said = [kit.presenter.prompt(view, "en", "expert"),
            kit.presenter.nudge(kit.computer.hint(rules, state, state.current), "en", view,
                                "expert") or ""]
    assert said[0].startswith("Your turn: ") and said[1], said
    for sentence in said:
        cells = to_unicode(text_to_cells(for_cells(sentence), "en"))
        assert "⠠⠠" not in cells and "⠰⠠" not in cells, (sentence, cells)


@pytest.mark.parametrize(("words", "lexicon"), [("en", "english"), ("pl", "polish")])
def test_fits_on_a_square_nothing_touches_says_any_letter_in_either_alphabet(
    words: str, lexicon: str, request: pytest.FixtureRequest
) -> None:
    """"fits H8" on Card Scrabble's empty table read all 26 English letter names, twice:
    "any letter" was the Polish alphabet's 32."""
    kit = find_game("scrabble-karty", words)
    state, _ = kit.make_rules(request.getfixturevalue(lexicon), {}).new(NAMES[:2], 5)
    said = kit.presenter.read("fits H8", state.view_for(0), "en", "beginner") or ""
    assert said.count(": *") == 2 and "double-u" not in said, said


def _card_codes() -> list[str]:
    """Every premium and conditional card of Card Scrabble's Polish and English decks."""
    import tomllib

    folder = Path(__file__).resolve().parents[2] / "braille_words" / "games" / "scrabble_cards"
    codes: set[str] = set()
    for name in ("data.toml", "data.en.toml"):
        data = tomllib.loads((folder / name).read_text(encoding="utf-8"))
        codes |= set(data.get("word_premiums", {})) | set(data.get("conditional", {}))
    return sorted(codes)


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("card", _card_codes())
def test_every_sentence_naming_a_card_names_each_card_of_both_decks(card: str,
                                                                    lang: str) -> None:
    """"The move does not meet the condition of the card: two_of_kvwy.": the English deck's
    three cards were missing from the sentence that names the card a move fails."""
    from braille_words.present.messages import catalogue, render

    templates = catalogue(lang)["scrabble_cards"]
    keys = [key for key, value in templates.items()
            if "{card:select:" in str(value)]
    assert "condition_not_met" in keys
    for key in keys:
        said = render(lang, "scrabble_cards", key, {"card": card, "light": 1, "dark": 1})
        assert card not in said or "_" not in card, (key, said)
        assert "#" not in said, (key, said)


@pytest.mark.parametrize(("said", "means"), [("challenge", "check"), ("swap 1 3", "exchange 1 3")])
def test_card_scrabble_takes_an_english_scrabble_players_words(
    said: str, means: str, english: Any
) -> None:
    """An English Scrabble player challenges a word and swaps tiles: "challenge" was "There
    is no command", and "swap 1 3" too."""
    kit = find_game("scrabble-karty", "en")
    state, _ = kit.make_rules(english, {}).new(NAMES[:2], 5)
    view = state.view_for(0)
    assert kit.commands.parse(said, view) == kit.commands.parse(means, view)


@pytest.mark.parametrize("game", ["scrabble-karty", "alicja"])
def test_results_of_an_english_game_are_read_in_english_without_language_marks(
    game: str, tmp_path: Path, english: Any, data: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """"braille-words results" read a whole English game back in Polish ("Kolej: Player.",
    "Player: en:OR, H7 w pionie"); with --lang pl the words kept a voice's "en:" mark."""
    import argparse

    from braille_words.table.cli import cmd_results

    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(data))
    _play(game, 5, tmp_path, english)
    cmd_results(argparse.Namespace(journal=tmp_path / "g.jsonl", lang=None))
    told = capsys.readouterr().out
    assert "Game over." in told or "The game is over." in told, told[-300:]
    assert not POLISH_LETTERS.findall(told) and "Kolej" not in told
    cmd_results(argparse.Namespace(journal=tmp_path / "g.jsonl", lang="pl"))
    told = capsys.readouterr().out
    assert "Kolej: " in told and not re.search(r"\ben:", told), told[:300]
