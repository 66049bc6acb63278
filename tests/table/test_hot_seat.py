"""People sharing one speaker or screen play hot-seat: a rack is read only to whoever has
confirmed taking the keyboard, so nobody hears another's tiles (the rule: one seat's rack
never reaches another seat's speaker)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.table.kit import find_game
from braille_words.table.launch import new_session, resume_session
from braille_words.table.outputs import SeatOutput
from braille_words.table.privacy import sharing_groups
from braille_words.table.seats import SeatConfig
from braille_words.table.session import KEYBOARD, Session


def rack_words(session: Session, seat: int) -> str:
    """The seat's rack as the rack sentence spells it: '1 e, 2 e, 3 er…' is too fragile, so
    the letters as dealt ('Twoje płytki: C, S, N…')."""
    rack = session.state.view_for(seat)["rack"]
    return ", ".join((t[1] or "joker").upper() for t in rack[:5])


def shared_table(
    tmp_path: Path, polish: Any, kinds: tuple[str, ...] = ("human", "human"), **options: Any
) -> tuple[Session, io.StringIO]:
    """Every human seat writes to ONE stream: the speaker they all hear."""
    seats = [
        SeatConfig(name=f"Gracz{i + 1}", kind=k, display="none", speech="none")
        for i, k in enumerate(kinds)
    ]
    speaker = io.StringIO()
    outputs = [
        SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                   transcript=speaker if s.is_human else None)
        for s in seats
    ]
    humans = frozenset(i for i, s in enumerate(seats) if s.is_human)
    session = new_session(
        find_game("rummikub"), seats, seed=3, options=options or None,
        journal_path=tmp_path / "game.jsonl", lexicon=polish, outputs=outputs, shared=[humans],
    )
    session._prompt()
    return session, speaker


def test_default_speakers_and_one_terminal_make_a_hot_seat_group() -> None:
    two = [SeatConfig("Ola"), SeatConfig("Jan"), SeatConfig("K", kind="computer")]
    assert sharing_groups(two) == [frozenset({0, 1})]
    own = [SeatConfig("Ola", display="none", sound="a"), SeatConfig("Jan", display="none",
                                                                    sound="b")]
    assert sharing_groups(own) == []


def test_nobody_hears_a_rack_before_taking_the_keyboard(tmp_path: Path, polish: Any) -> None:
    session, speaker = shared_table(tmp_path, polish)
    said = speaker.getvalue()
    first = min(session.state.awaiting)
    name = session.seats[first].name
    assert "Rummikub Słowny, graczy: 2." in said and said.count("graczy: 2") == 1
    assert "Twoje płytki" not in said and "Stojak" not in said
    assert f"Kolej: {name}. Przekaż klawiaturę." in said
    assert "wspólny głośnik lub ekran" in said
    session.handle(KEYBOARD, "")  # Enter: the first player has the keyboard
    after = speaker.getvalue()[len(said):]
    assert "Twój ruch." in after and "Stojak, płytek 14" in after
    assert after.count("Stojak") == 1


def test_the_next_player_hears_their_tiles_only_after_the_hand_over(
    tmp_path: Path, polish: Any
) -> None:
    session, speaker = shared_table(tmp_path, polish)
    first = min(session.state.awaiting)
    second = 1 - first
    session.handle(KEYBOARD, "")
    session.handle(KEYBOARD, "dobierz")
    mark = len(speaker.getvalue())
    assert session.state.awaiting == frozenset({second})
    between = speaker.getvalue()
    assert f"Kolej: {session.seats[second].name}." in between[mark - 200:]
    # The tile the first player drew was said to them before the hand-over was asked for.
    assert "Dobierasz:" in between
    session.handle(KEYBOARD, "stojak")  # a command is not the Enter asked for
    assert "Stojak" not in speaker.getvalue()[mark:]
    assert speaker.getvalue()[mark:].count("Kolej:") == 1
    session.handle(KEYBOARD, "")
    after = speaker.getvalue()[mark:]
    assert after.count("Stojak, płytek 14") == 1 and "Twój ruch." in after
    session.handle(KEYBOARD, "stojak")
    assert speaker.getvalue()[mark:].count("Stojak, płytek 14") == 2


def test_a_line_typed_before_the_hand_over_was_asked_for_does_not_confirm_it(
    tmp_path: Path, polish: Any
) -> None:
    import time

    session, speaker = shared_table(tmp_path, polish)
    typed_early = time.monotonic()
    session.handle(KEYBOARD, "")
    session.handle(KEYBOARD, "dobierz")
    mark = len(speaker.getvalue())
    session.handle(KEYBOARD, "", at=typed_early)  # an Enter typed ahead by the last player
    assert "Stojak" not in speaker.getvalue()[mark:]
    session.handle(KEYBOARD, "")
    assert "Stojak, płytek 14" in speaker.getvalue()[mark:]


def test_between_turns_the_keyboard_stays_with_the_holder(tmp_path: Path, polish: Any) -> None:
    session, speaker = shared_table(tmp_path, polish, kinds=("human", "human", "computer"))
    for _ in range(8):
        if session._pending:
            session.handle(KEYBOARD, "")  # Enter: take the keyboard
        elif 2 in session.state.awaiting:
            break  # the computer's turn, and someone has confirmed holding the keyboard
        else:
            session.handle(KEYBOARD, "dobierz")
    assert 2 in session.state.awaiting and not session._pending
    holder = session._voice(0)
    mark = len(speaker.getvalue())
    session.handle(KEYBOARD, "gdzie")
    assert f"grasz jako {session.seats[holder].name}" in speaker.getvalue()[mark:]


def test_a_resumed_hot_seat_game_asks_for_the_keyboard_again(tmp_path: Path, polish: Any) -> None:
    session, _ = shared_table(tmp_path, polish)
    session.handle(KEYBOARD, "")
    session.handle(KEYBOARD, "dobierz")
    session.close()
    speaker = io.StringIO()
    seats = session.seats
    outputs = [SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=speaker)
               for s in seats]
    again = resume_session(tmp_path / "game.jsonl", lexicon=polish, outputs=outputs,
                           shared=[frozenset({0, 1})])
    again._prompt()
    said = speaker.getvalue()
    assert said.count("Wznowiono zapisaną grę po 1 ruchach.") == 1
    assert "Stojak" not in said and "Kolej:" in said


def test_repeat_during_a_hand_over_never_says_the_last_holders_private_news(
    tmp_path: Path, polish: Any
) -> None:
    session, speaker = shared_table(tmp_path, polish)
    first = min(session.state.awaiting)
    session.handle(KEYBOARD, "")
    session.handle(KEYBOARD, "dobierz")  # "Dobierasz: …" was said to the first player
    mark = len(speaker.getvalue())
    session.outputs[first].repeat()  # their own display's repeat key, after the hand-over
    assert "Dobierasz" not in speaker.getvalue()[mark:]
    session.outputs[1 - first].repeat()  # the one asked to take over hears the request again
    assert "Kolej:" in speaker.getvalue()[mark:]
