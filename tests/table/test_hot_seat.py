"""People sharing one speaker or screen play hot-seat: a rack is read only to whoever has
confirmed taking the keyboard, so nobody hears another's tiles (the rule: one seat's rack
never reaches another seat's speaker)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from braille_words.games.registry import find_game
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
    assert "Twój ruch." in after and "Stojak, 14 płytek" in after
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
    assert after.count("Stojak, 14 płytek") == 1 and "Twój ruch." in after
    session.handle(KEYBOARD, "stojak")
    assert speaker.getvalue()[mark:].count("Stojak, 14 płytek") == 2


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
    assert "Stojak, 14 płytek" in speaker.getvalue()[mark:]


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
    assert said.count("Wznowiono zapisaną grę; rozegrane tury: 1.") == 1
    assert "Stojak" not in said and "Kolej:" in said


def test_a_resumed_hot_seat_round_tells_the_shared_speaker_the_cards_for_the_one_writing(
    tmp_path: Path, polish: Any
) -> None:
    """Played: Gracz1 had written, Gracz2 had not; after resume the speaker said the round
    as Gracz1's (no cards), and Gracz2 was asked to write from cards never said."""
    seats = [SeatConfig(name=f"Gracz{i + 1}", display="none", speech="none") for i in range(2)]
    speaker = io.StringIO()
    session = new_session(find_game("siedem-slow"), seats, seed=4,
                          journal_path=tmp_path / "game.jsonl", lexicon=polish,
                          outputs=[SeatOutput(name=s.name, lang="pl", verbosity="beginner",
                                              transcript=speaker) for s in seats],
                          shared=[frozenset({0, 1})])
    session.play(0, session.rules.move_from_json({"type": "word", "word": "brew"}))
    session.close()
    speaker = io.StringIO()
    again = resume_session(tmp_path / "game.jsonl", lexicon=polish, outputs=[
        SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=speaker)
        for s in seats], shared=[frozenset({0, 1})])
    try:
        said = speaker.getvalue()
        assert said.count("Wznowiono zapisaną grę: runda 1 z 7. Karty, kolumny") == 1
        assert "Czekamy na: Gracz2." in said
    finally:
        again.close()


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


def test_own_braille_displays_keep_working_while_only_the_speaker_is_shared(
    tmp_path: Path, polish: Any
) -> None:
    from braille_words.displays.console import ConsoleDisplay

    seats = [SeatConfig(name=f"Gracz{i + 1}", display="none", speech="none") for i in range(2)]
    speaker = io.StringIO()
    outputs = []
    for s in seats:
        out = SeatOutput(name=s.name, lang="pl", verbosity="beginner", transcript=speaker)
        out.attach_display(ConsoleDisplay(40, stream=io.StringIO()))
        out.private_display = True
        outputs.append(out)
    session = new_session(
        find_game("rummikub"), seats, seed=3, journal_path=tmp_path / "game.jsonl",
        lexicon=polish, outputs=outputs, shared=[frozenset({0, 1})],
    )
    session._prompt()
    first = min(session.state.awaiting)
    waiting = 1 - first
    said_aloud = speaker.getvalue()
    assert "Stojak," not in said_aloud  # nothing private on the shared speaker...
    for out in outputs:  # ...but each reads their own tiles on their own display
        assert any("Dostajesz 14 płytek" in s for s in out.said)
        rack = next(line for line in out.lines if line.name == "rack")
        assert len(rack.line.cells()) >= 14  # one cell a tile
    mark = len(speaker.getvalue())
    session.handle(waiting, "stojak")  # asked on the waiting player's own display
    assert "Stojak" in outputs[waiting].said[-1]
    assert "Stojak" not in speaker.getvalue()[mark:]


def test_a_display_of_ones_own_is_told_apart_from_a_shared_terminal() -> None:
    from braille_words.displays.console import ConsoleDisplay
    from braille_words.speech.text import TextSpeaker
    from braille_words.table.launch import _sharing

    def output(seat: SeatConfig) -> SeatOutput:
        out = SeatOutput(name=seat.name, lang="pl", verbosity="beginner",
                         speaker=TextSpeaker(stream=io.StringIO()))
        out.attach_display(ConsoleDisplay(40, stream=io.StringIO()))
        return out

    own = [SeatConfig("Ola", display="baum:/dev/A"), SeatConfig("Jan", display="focus:/dev/B")]
    outs = [output(s) for s in own]
    assert _sharing(own, outs) == [frozenset({0, 1})]  # both voices print on the terminal
    assert all(out.private_display for out in outs)
    both_console = [SeatConfig("Ola"), SeatConfig("Jan")]
    outs = [output(s) for s in both_console]
    assert _sharing(both_console, outs) == [frozenset({0, 1})]
    assert not any(out.private_display for out in outs)


def test_a_hot_seat_students_time_per_move_starts_when_they_take_the_keyboard(
    tmp_path: Path, polish: Any
) -> None:
    """The report's time per move is the student's own: not the time the keyboard took to
    reach them from the last player."""
    from braille_words.reports.summary import build_report
    from braille_words.table.activity import ActivityLog

    session, _ = shared_table(tmp_path, polish)
    assert session.activity is not None and session.journal is not None
    session.activity.close()
    now = [100.0]
    session.activity = ActivityLog.beside(session.journal.path, now=lambda: now[0])
    first = min(session.state.awaiting)
    session.handle(KEYBOARD, "")
    now[0] = 130.0
    session.handle(KEYBOARD, "dobierz")  # the second player is asked to take the keyboard
    now[0] = 190.0  # a minute to pass it over
    session.handle(KEYBOARD, "")
    now[0] = 200.0
    session.handle(KEYBOARD, "dobierz")
    session.close()
    report = build_report([session.journal.path], {"pl": polish})
    seconds = {s.name: s.seconds for s in report.students}
    assert seconds[session.seats[1 - first].name] == [10.0]
    assert seconds[session.seats[first].name] == [30.0]
