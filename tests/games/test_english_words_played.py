"""What an English-speaking player met playing Alice in Wordland and Card Scrabble in English
words to the end (issue 38): no Polish left in what they hear, in the English words' own
terms."""

from __future__ import annotations

from typing import Any

import pytest

from braille_words.games.registry import find_game
from braille_words.speech.speaker import plain_game_words

NAMES = ["Player", "Ada", "Ben"]
RULES = {"pl": "zasady 2", "en": "rules 2"}


def _alice(lexicon: Any, words: str) -> tuple[Any, Any]:
    kit = find_game("alicja", words)
    rules = kit.make_rules(lexicon, {})
    state, _ = rules.new(NAMES, 3)
    return kit, state


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_resumed_game_in_english_words_names_its_english_theme(lang: str,
                                                                 english: Any) -> None:
    """A resumed English game said "Theme: komputer." for night: the theme's number was read
    in the Polish list."""
    from braille_words.games.alicja.data import load_data
    from braille_words.games.alicja.rules import ChooseTheme

    kit, state = _alice(english, "en")
    rules = kit.make_rules(english, {})
    state, _ = rules.apply(state, state.current, ChooseTheme(0))
    theme = load_data(words="en").themes[state.themes[0]].name
    said = kit.presenter.resumed(state.view_for(0), lang, "beginner")
    assert theme in said
    polish_theme = load_data(words="pl").themes[state.themes[0]].name
    assert polish_theme not in said


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_rules_in_english_words_say_nothing_of_polish_letters_with_marks(
    lang: str, english: Any, polish: Any
) -> None:
    """"A forbidden A does not forbid Ą" is a rule of Polish letters: English words have no
    marked letters, and a child told it wonders where to find an Ą."""
    kit, state = _alice(english, "en")
    said = plain_game_words(kit.presenter.read(RULES[lang], state.view_for(0), lang,
                                               "beginner") or "")
    assert "Ą" not in said and said.count(". ") >= 2
    own, own_state = _alice(polish, "pl")
    told = own.presenter.read(RULES[lang], own_state.view_for(0), lang, "beginner") or ""
    assert "Ą" in told


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_rules_send_a_player_where_the_characters_powers_are_told(
    lang: str, english: Any
) -> None:
    """"characters" names who holds which; what each can do is in "help all" (rules 4 sent
    a player to "characters" to hear the powers, and it names none)."""
    kit, state = _alice(english, "en")
    said = kit.presenter.read({"pl": "zasady 4", "en": "rules 4"}[lang], state.view_for(0),
                              lang, "beginner") or ""
    assert {"pl": "„pomoc wszystko”", "en": '"help all"'}[lang] in said


@pytest.mark.parametrize("key", ["hatter_flips", "deuce_encore"])
def test_a_character_turning_its_card_is_told_without_guessing_the_players_sex(key: str) -> None:
    """"The Hatter (Ada) turns his card: no letter is forbidden to him": Ada is a girl."""
    from braille_words.present.messages import render

    said = render("en", "alicja", key, {"seat_name": "Ada", "target_name": "Ben"})
    assert "Ada" in said and not {"his", "him", "he"} & set(said.replace(".", " ").split())


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_speaker_of_a_challenged_word_is_not_asked_to_vote(lang: str) -> None:
    """The speaker does not vote (the rulebook: the others do); told "Vote: yes, the word
    stands; no, it goes." a child said "yes" and heard only that they were out."""
    from braille_words.games.alicja.presenter import Presenter
    from braille_words.present.messages import render

    presenter = Presenter(word_lang="en")
    params = {"challenger": 1, "seat": 0, "words": "axe"}

    def said(seat: int) -> str:
        return render(lang, "alicja", "challenged",
                      {**params, **presenter.event_params("challenged", params, seat, NAMES,
                                                          lang)})

    asked = {"pl": "Głosowanie: tak", "en": "Vote: yes"}[lang]
    assert asked not in said(0) and {"pl": "twoje słowo", "en": "your word"}[lang] in said(0)
    assert asked in said(2)


def test_a_medium_computer_or_a_hint_forms_no_swear_word_even_across(english: Any) -> None:
    """The level's vocabulary was checked on the main word only: a medium computer's FEST
    made TITS across, a hint's INN made DAMN. ASK down through K8 makes TITS of the table's
    TIT: the strong computer may play it, a medium one and a hint never."""
    from braille_words.games.scrabble_cards.computer import scored_moves
    from braille_words.games.scrabble_cards.deck import load_deck
    from braille_words.games.scrabble_cards.rules import Lay, Options, Rules

    rules = Rules(english, Options(), load_deck(words="en"))
    state, _ = rules.from_position(["Ada", "Ben"], 3, {"hands": ["a s k", "d o g"],
                                                        "board": ["8H tit"]})
    ask = Lay(6, 10, False, "ask")
    assert {w.word for w in rules.judge(state, 0, ask).words} == {"ask", "tits"}
    strong = {lay for _p, lay in scored_moves(rules, state, 0, "strong")}
    assert ask in strong
    for level, vocabulary in (("medium", None), ("beginner", None), ("strong", "medium")):
        for _points, lay in scored_moves(rules, state, 0, level, None, vocabulary):
            assert "tits" not in {w.word for w in rules.judge(state, 0, lay).words}, level


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "with premium card 5 of your hand", "with premium cards 1, 5 of your hand"),
    ("pl", "z kartą premii z ręki numer 5", "z kartami premii z ręki numer 1, 5"),
])
def test_a_hint_with_two_premium_cards_names_them_in_the_plural(lang: str, one: str,
                                                                two: str) -> None:
    """"lay REFER down from square I11, with premium card 1, 5 of your hand"."""
    from braille_words.games.scrabble_cards.rules import Lay

    presenter = find_game("scrabble_cards", "en").presenter
    assert one in presenter.describe_move(Lay(10, 8, False, "refer", (4,)), lang)
    assert two in presenter.describe_move(Lay(10, 8, False, "refer", (0, 4)), lang)
    assert "premi" not in presenter.describe_move(Lay(10, 8, False, "refer"), lang)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_help_names_the_routing_key_a_player_presses(lang: str) -> None:
    """"or routing on the card, then on the square": routing is a key, over a cell."""
    from braille_words.games.scrabble_cards.commands import HELP

    said = dict(HELP[lang])[{"pl": "połóż 3 H8", "en": "put 3 H8"}[lang]]
    assert {"pl": "klawisz routingu nad kartą", "en": "routing key over the card"}[lang] in said


@pytest.mark.parametrize("word", ["ja", "ki", "lo", "om", "oo", "xi", "john", "ted", "ken",
                                  "johnny", "kat", "holt", "ah", "ha", "uh", "er", "mar", "sept",
                                  "quo", "ho", "hes", "meg", "dis"])
def test_english_forms_counted_for_something_else_are_not_a_childs_level(
    word: str, english: Any, polish: Any
) -> None:
    """A medium computer laid LO, KI and JA in Card Scrabble and a hint said JOHN: frequent in
    the counts as other languages' words, letters' names or first names, no word a child's
    English book uses; a medium computer laid AH, HA, UH and ER (noises, not words) and KAT
    and HOLT (names). The beginner and medium levels and hints leave them out; the
    dictionary keeps them, and Polish JA ("I") is not touched."""
    from braille_words.lexicon.common import knows
    from braille_words.lexicon.unsuitable import unsuitable

    assert english.contains(word) and knows(english, None, word)
    assert not knows(english, 12_000, word)
    assert not unsuitable(word)  # no swear word: a table of no known language keeps it


@pytest.mark.parametrize("word", ["am", "go", "oh", "up", "hi", "wow", "jam", "kit", "tom"])
def test_the_english_words_a_child_knows_stay_common(word: str, english: Any) -> None:
    from braille_words.lexicon.common import knows

    assert knows(english, 12_000, word)


def test_polish_ja_stays_a_polish_childs_word(polish: Any) -> None:
    from braille_words.lexicon.common import knows

    assert knows(polish, 20_000, "ja")
