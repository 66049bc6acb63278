"""Every game in English words too (issue 38): ``--words en`` picks the lexicon, the tiles
and cards, the themes and the letters' names; the values are ours, from English letter
frequencies, and the Polish games stay as they were."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from braille_words.errors import InputError
from braille_words.games.alicja.data import load_data, words_of
from braille_words.games.registry import GAMES, find_game
from braille_words.games.scrabble_cards.conditions import MoveFacts, met
from braille_words.games.scrabble_cards.deck import load_deck as scrabble_deck
from braille_words.games.seven_words.deck import load_deck as seven_deck
from braille_words.games.word_rummikub.settings import default_settings, make_set
from braille_words.lexicon.english_forms import english_lemmas
from braille_words.present.messages import lookup
from braille_words.table.journal import Header, Journal, read
from braille_words.table.roster import roster_from_data
from braille_words.tiles import ENGLISH

TITLES = {"word_rummikub": "Word Rummikub", "seven_words": "Wordsy (7 Words)",
          "alicja": "Alice in Wordland", "scrabble_cards": "Card Scrabble"}


@pytest.mark.parametrize("game", sorted(TITLES))
def test_a_game_in_english_words_has_its_english_title_and_spells_in_english(game: str) -> None:
    kit = find_game(game, "en")
    assert (kit.word_lang, kit.title) == ("en", TITLES[game])
    assert kit.presenter.word_lang == "en"
    polish = find_game(game)
    assert polish.word_lang == "pl" and polish.title == GAMES[game].title


@pytest.mark.parametrize("game", sorted(TITLES))
def test_a_game_in_english_words_begins_under_its_english_title_in_both_languages(
    game: str,
) -> None:
    kit = find_game(game, "en")
    key = kit.presenter.event_key("game_started")
    assert key == "game_started_words_en"
    assert find_game(game).presenter.event_key("game_started") == "game_started"
    for lang in ("pl", "en"):
        assert lookup(lang, game, key) is not None, f"{game} has no {lang} sentence for {key}"


def test_word_thief_is_played_in_english_words_only_said_in_both_languages() -> None:
    assert find_game("word-thief").word_lang == "en"
    with pytest.raises(InputError) as caught:
        find_game("word-thief", "pl")
    # The languages by their names, not their codes (issue 38: "in en words, not in 'pl'").
    assert caught.value.in_lang("en").startswith(
        "word-thief is played in English words, not Polish ones; give --words en")
    assert caught.value.in_lang("pl").startswith(
        "w grę word-thief gra się słowami angielskimi, nie polskimi; podaj --words en")


def test_the_english_word_rummikub_box_holds_112_tiles_every_letter_at_least_once() -> None:
    settings = default_settings("en")
    tiles = make_set(settings)
    assert len(tiles) == 112 and settings.jokers == 2
    assert set(settings.letters) == set(ENGLISH.letters)
    counts = settings.letters
    # By frequency: E the most common tile, the four rarest letters once each.
    assert max(counts, key=lambda k: counts[k]) == "e"
    assert all(counts[x] == 1 for x in "jqxz")
    assert default_settings().lang == "pl" and len(make_set(default_settings())) == 112


def test_the_wordsy_deck_has_the_polish_shape_and_english_consonants() -> None:
    deck = seven_deck(words="en")
    polish = seven_deck()
    assert deck.lang == "en" and deck.card_count == polish.card_count == 60
    assert sum(deck.common.values()) == sum(polish.common.values())
    assert deck.columns == polish.columns == (5, 4, 3, 2)
    letters = set(deck.common) | set(deck.rare)
    assert letters == set(ENGLISH.letters) - set(deck.vowels)
    # The rare letters are worth more the rarer they are.
    assert deck.rare["q"][1] > deck.rare["w"][1]


def test_the_card_scrabble_bag_has_92_letter_cards_valued_by_rarity() -> None:
    deck = scrabble_deck(words="en")
    letters = {k: v for k, v in deck.letters.items() if k != "?"}
    assert sum(c for c, _ in letters.values()) == 90 and deck.letters["?"][0] == 2
    assert set(letters) == set(ENGLISH.letters)
    assert deck.value("e") == 1 and deck.value("q") == max(v for _, v in letters.values())
    assert len(deck.conditional) == len(scrabble_deck().conditional) == 13
    assert len(deck.cards()) == len(scrabble_deck().cards())


@pytest.mark.parametrize(("card", "word", "meets"), [
    ("double_letter", "book", True), ("double_letter", "bake", False),
    ("rare_jqxz", "quiz", True), ("rare_jqxz", "cat", False),
    ("two_of_kvwy", "wavy", True), ("two_of_kvwy", "kayak", True), ("two_of_kvwy", "kick", False),
])
def test_the_english_conditional_cards_ask_for_english_letters(
    card: str, word: str, meets: bool
) -> None:
    facts = MoveFacts(word, 1, False, 0, (), "aeiou")
    assert met(card, facts) is meets


def test_alice_in_wordland_has_60_english_themes_of_30_words_the_lexicon_knows(
    english: Any,
) -> None:
    data = load_data(words="en")
    assert len(data.themes) == 60
    assert len({t.name for t in data.themes}) == 60
    for theme in data.themes:
        assert len(set(theme.words)) >= 30, theme.name
        # A phrase ("skipping rope") is one entry, each of its words one the lexicon knows.
        unknown = [w for entry in theme.words for w in words_of(entry)
                   if not english.contains(w)]
        assert not unknown, f"{theme.name}: {unknown}"
    pairs = [w for words in data.families.values() for w in words]
    assert all(english.contains(w) for w in pairs)


def test_alice_in_wordlands_forbidden_letters_are_english_and_never_repeat() -> None:
    data = load_data(words="en")
    stacks = [*data.blue, *data.purple, *data.green, *data.red]
    assert len(stacks) == len(set(stacks)) and set(stacks) <= set(ENGLISH.letters)
    assert len(data.blue) == len(load_data().blue)


@pytest.mark.parametrize(("word", "base"), [
    ("cats", "cat"), ("mice", "mouse"), ("children", "child"), ("baked", "bake"),
    ("stopped", "stop"), ("running", "run"), ("flies", "fly"), ("runs", "run"),
])
def test_another_form_of_an_english_word_leads_back_to_it(
    english: Any, word: str, base: str
) -> None:
    assert base in english_lemmas(word, english.contains)


@pytest.mark.parametrize("word", ["news", "glass", "card", "need", "thing", "bus"])
def test_a_word_that_only_looks_inflected_is_its_own_form(english: Any, word: str) -> None:
    assert english_lemmas(word, english.contains) == (word,)


def test_in_english_alice_a_plural_of_a_word_said_is_a_repeat(english: Any) -> None:
    rules = find_game("alicja", "en").make_rules(english, {})
    assert rules._repeat([(0, "cat")], ["cats"]) == ("cat", 0, "cats", "form")
    assert rules._repeat([(0, "cat")], ["dog"]) is None


def test_a_roster_names_the_words_language() -> None:
    seats = [{"name": "Ola"}, {"name": "Komputer", "kind": "computer"}]
    roster = roster_from_data({"game": "siedem-slow", "words": "en", "seat": seats})
    assert roster.words == "en"
    with pytest.raises(InputError):
        roster_from_data({"game": "siedem-slow", "words": "de", "seat": seats})


def test_the_journal_keeps_the_words_language_and_an_old_one_reads_as_the_games_own(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.jsonl"
    Journal.create(path, Header("seven_words", 3, [{"name": "Ola"}], {}, "en")).close()
    assert read(path).header.words == "en"
    old = tmp_path / "old.jsonl"
    header = Header("seven_words", 3, [{"name": "Ola"}], {}).to_json()
    assert "words" not in header
    old.write_text(json.dumps(header) + "\n", encoding="utf-8")
    assert read(old).header.words is None
    assert find_game("seven_words", read(old).header.words).word_lang == "pl"


def test_english_words_letters_are_named_in_english_in_a_polish_seats_sentence() -> None:
    kit = find_game("seven_words", "en")
    area = [{"column": 5, "letter": "w", "bonus": 1, "slot": 0, "value": 6}]
    said = kit.presenter.event_params("round_started", {"area": area}, 0, ["Ola"], "pl")
    assert "double-u" in said["cards_said"]


def test_the_english_letter_counts_follow_english_frequency_order() -> None:
    """Across the three English sets, E is never rarer than T, and T never rarer than Q."""
    rummikub = Counter(default_settings("en").letters)
    scrabble = Counter({k: c for k, (c, _v) in scrabble_deck(words="en").letters.items()})
    for counts in (rummikub, scrabble):
        assert counts["e"] >= counts["t"] >= counts["q"]


@pytest.mark.parametrize("words", ["pl", "en"])
def test_a_hand_and_the_themes_read_on_a_page_of_the_other_language_mark_their_words(
    words: str, polish: Any, english: Any
) -> None:
    """A Scrabble karty hand names its letters in the words' language, and Alicja offers its
    themes in it: in a sentence of the other language each carries that language's mark, so
    a screen reader voices it so; none carries the sentence's own (issue 38)."""
    from braille_words.speech.speaker import marked_spans
    from braille_words.table.launch import _deal

    page = "en" if words == "pl" else "pl"
    lexicon = polish if words == "pl" else english
    said = {}
    for game, line in (("scrabble", "karty" if page == "pl" else "cards"),
                       ("alicja", "temat" if page == "pl" else "theme")):
        kit = find_game(game, words)
        _rules, state, _ = _deal(kit, lexicon, {}, ["Ola", "Ada", "Ewa"], 3)
        said[game] = kit.presenter.read(line, state.view_for(0), page, "beginner") or ""
    for game, sentence in said.items():
        marks = [lang for _text, lang in marked_spans(sentence) if lang]
        assert marks and set(marks) == {words}, (game, sentence)
    hand = [text for text, lang in marked_spans(said["scrabble"]) if lang]
    assert len(hand) >= 3  # every letter card of the hand, premium cards being words


@pytest.mark.parametrize(("game", "words", "kind", "params", "marked"), [
    ("rummikub", "pl", "words_rebuilt",
     {"name": "Ola", "taken": "3 CEN", "added": "Ę", "words": "3 CENĘ", "renumbered": 0},
     ["CEN", "Ę", "CENĘ"]),
    ("rummikub", "en", "turn_ended", {"name": "Ada", "points": 7, "word": "ENFORCE"},
     ["ENFORCE"]),
    ("siedem-slow", "en", "word_written", {"word": "specializing", "score": 22}, ["SPECIALIZING"]),
    ("alicja", "en", "player_out",
     {"seat": 1, "why": "repeat", "relation": "same", "word": "socks", "earlier": "socks",
      "by": 0, "card": 1}, ["socks"]),
])
def test_a_moves_news_marks_the_games_words_alone_on_a_page_of_the_other_language(
    game: str, words: str, kind: str, params: dict[str, Any], marked: list[str]
) -> None:
    """Issue 38 on pages: the words of a move's news (laid, rebuilt, written, repeated) carry
    the words' language, the numbers and the sentence around them the page's."""
    from braille_words.present.messages import render
    from braille_words.speech.speaker import marked_spans

    kit = find_game(game, words)
    page = "en" if words == "pl" else "pl"
    names = ["Ola", "Ada", "Ewa"]
    given = dict(params)
    given.update(kit.presenter.event_params(kind, given, 0, names, page))
    said = render(page, kit.id, kit.presenter.event_key(kind), given, verbosity="beginner",
                  fallback=kit.event_template(kind))
    spans = marked_spans(said)
    assert [text for text, lang in spans if lang] == marked, said
    assert {lang for _text, lang in spans if lang} == {words}
