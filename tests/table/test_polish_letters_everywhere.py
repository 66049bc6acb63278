"""A word typed without its Polish letters is offered back the same way in every game that
takes Polish words (issue 33 §4): "Czy chodziło o: …?", the most common spelling first, and
never a joker spent silently for a letter the rack holds with its mark."""

from __future__ import annotations

from typing import Any

from braille_words.lexicon.diacritics import restorations


def _last(streams: Any, seat: int = 0) -> str:
    return streams[seat].getvalue().strip().splitlines()[-1]


def test_the_most_common_spelling_is_offered_first(polish: Any) -> None:
    """7 słów offered MROŹ for mroz; MRÓZ is the word a child means."""
    assert restorations("mroz", polish.contains, polish.zipf)[0] == "mróz"


def test_seven_words_offers_mroz_as_the_common_word(make_table: Any) -> None:
    session, streams = make_table(game="siedem-slow")
    session.handle(0, "mroz")
    assert "Czy chodziło o: MRÓZ?" in _last(streams)


def test_alicja_offers_the_word_with_its_polish_letters_within_the_teapot(
    make_table: Any,
) -> None:
    """glosnik was taken as GLOSNIK and voted out with no reason given."""
    session, streams = make_table(("human", "human", "human"), game="alicja")
    queen = session.state.current
    session.handle(queen, "2")
    talker = session.state.current
    session.handle(talker, "glosnik")
    assert "Czy chodziło o: GŁOŚNIK?" in _last(streams, talker)
    assert not session.state.said  # nothing said yet: the player answers first
    session.handle(talker, "tak")
    assert [words for _, words in session.state.said] == ["GŁOŚNIK".lower()]


def test_rummikub_offers_a_known_word_respelled_when_the_rack_holds_the_polish_letter(
    make_table: Any,
) -> None:
    """nowe lany said only "Nie masz na stojaku jokera": LANY is a word, ŁANY the one the
    rack can make."""
    position = {"racks": ["łany", "kotara"], "table": ["koszyk"], "current": 0,
                "laid_down": [True, True]}
    session, streams = make_table(options={"position": position})
    session.handle(0, "nowe lany")
    assert "Czy chodziło o: nowe ŁANY?" in _last(streams)
    session.handle(0, "tak")
    assert "nowe słowo 2: ŁANY" in streams[0].getvalue()
    assert not session.state.view_for(0)["rack"]  # all four tiles went into ŁANY


def test_rummikub_never_spends_the_joker_silently_for_a_letter_held_with_its_mark(
    make_table: Any,
) -> None:
    """nowe gon with Ń (and a joker, no N) on the rack laid the joker as N without a word."""
    position = {"racks": ["goń?", "kotara"], "table": ["koszyk"], "current": 0,
                "laid_down": [True, True]}
    session, streams = make_table(options={"position": position})
    session.handle(0, "nowe gon")
    assert "Czy chodziło o: nowe GOŃ?" in _last(streams)
    session.handle(0, "nie")  # as typed: the joker is still not spent without asking
    assert "ale masz Ń" in _last(streams)
    assert "?" in "".join(letter or "?" for _, letter in session.state.view_for(0)["rack"])


def test_scrabble_cards_offers_the_board_s_polish_letter(make_table: Any) -> None:
    """9E teza 2 with Ą on the board was refused with no offer."""
    position = {"board": ["8H wąs"], "hands": ["tkorel", "dom"], "current": 0}
    session, streams = make_table(game="scrabble-karty", options={"position": position})
    session.handle(0, "I7 ta")
    assert "Czy chodziło o: I7 TĄ?" in _last(streams)
    session.handle(0, "tak")
    assert len(session.state.view_for(0)["board"]) == 4


def test_alicja_says_when_the_spelling_offered_holds_a_forbidden_letter(make_table: Any) -> None:
    """BUŁKA was offered for "bulka" with Ł forbidden, and the child's "tak" put them out."""
    session, streams = make_table(("human", "human", "human"), game="alicja", seed=4)
    assert "ł" in session.state.letters  # this deal forbids Ł
    session.handle(session.state.current, "1")
    talker = session.state.current
    session.handle(talker, "bulka")
    assert "Czy chodziło o: BUŁKA? Uwaga: zakazana litera Ł." in _last(streams, talker)
    session.handle(talker, "mroz")  # no forbidden letter: the offer as before
    assert "Czy chodziło o: MRÓZ? Powiedz" in _last(streams, talker)
