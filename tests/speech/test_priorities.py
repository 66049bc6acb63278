"""What a seat hears when messages pile up: interrupt, queue, drop hints; stop on a key press.

The engine here is a gate: it "speaks" a message until the test opens the gate (or the speaker
cancels it), so the order and cuts are observable without timing. It stands in for an engine
only to make the worker's states reachable at will; real engines are tested elsewhere.
"""

from __future__ import annotations

import threading

import pytest

from braille_words.speech.speaker import Message, Priority, WorkerSpeaker


class GateSpeaker(WorkerSpeaker):
    name = "gate"

    def __init__(self) -> None:
        self.started: list[str] = []
        self.finished: list[str] = []
        self.cut: list[str] = []
        self.gate = threading.Semaphore(0)
        self.speaking = threading.Event()
        super().__init__()

    def _utter(self, msg: Message, cancel: threading.Event) -> None:
        self.started.append(msg.text)
        self.speaking.set()
        while not cancel.is_set():
            if self.gate.acquire(timeout=0.01):
                if cancel.is_set():  # cut before the gate opened: leave the opening for the next
                    self.gate.release()
                    break
                self.finished.append(msg.text)
                return
        self.cut.append(msg.text)

    def speaking_now(self, text: str) -> None:
        """Wait until the worker is inside ``text``."""
        for _ in range(1000):
            if self.started and self.started[-1] == text and self.busy:
                return
            self.speaking.wait(0.01)
        raise AssertionError(f"never started {text!r}")


@pytest.fixture
def speaker() -> GateSpeaker:
    s = GateSpeaker()
    yield s  # type: ignore[misc]
    s.close()


def finish_all(s: GateSpeaker, n: int) -> None:
    for _ in range(n):
        s.gate.release()
    assert s.wait(10)


def test_normal_messages_queue_in_order(speaker: GateSpeaker) -> None:
    for text in ("jeden", "dwa", "trzy"):
        assert speaker.say(text)
    finish_all(speaker, 3)
    assert speaker.finished == ["jeden", "dwa", "trzy"]
    assert not speaker.busy


def test_your_turn_cuts_what_is_speaking_and_what_waits(speaker: GateSpeaker) -> None:
    speaker.say("Gracz 2 ułożył słowo KOT.")
    speaker.speaking_now("Gracz 2 ułożył słowo KOT.")
    speaker.say("Zostało 40 płytek.")
    speaker.say("Twój ruch.", priority=Priority.INTERRUPT)
    finish_all(speaker, 1)
    assert speaker.cut == ["Gracz 2 ułożył słowo KOT."]
    assert speaker.finished == ["Twój ruch."]
    assert "Zostało 40 płytek." not in speaker.started


def test_a_hint_is_dropped_when_something_else_waits(speaker: GateSpeaker) -> None:
    speaker.say("Gracz 2 ułożył słowo KOT.")
    speaker.speaking_now("Gracz 2 ułożył słowo KOT.")
    speaker.say("Zostało 40 płytek.")
    assert not speaker.say("Podpowiedź: spróbuj dołożyć literę.", priority=Priority.LOW)
    finish_all(speaker, 2)
    assert speaker.finished == ["Gracz 2 ułożył słowo KOT.", "Zostało 40 płytek."]


def test_a_waiting_hint_gives_way_to_news(speaker: GateSpeaker) -> None:
    speaker.say("Gracz 2 ułożył słowo KOT.")
    speaker.speaking_now("Gracz 2 ułożył słowo KOT.")
    assert speaker.say("Podpowiedź: spróbuj dołożyć literę.", priority=Priority.LOW)
    speaker.say("Gracz 3 dobrał płytkę.")
    finish_all(speaker, 2)
    assert speaker.finished == ["Gracz 2 ułożył słowo KOT.", "Gracz 3 dobrał płytkę."]


def test_a_hint_alone_is_spoken(speaker: GateSpeaker) -> None:
    assert speaker.say("Podpowiedź: naciśnij R, by przejrzeć stojak.", priority=Priority.LOW)
    finish_all(speaker, 1)
    assert speaker.finished == ["Podpowiedź: naciśnij R, by przejrzeć stojak."]


def test_a_key_press_silences_now_and_forgets_the_queue(speaker: GateSpeaker) -> None:
    speaker.say("Na stole leżą słowa: KOT, DOM, LAS, MORZE.")
    speaker.speaking_now("Na stole leżą słowa: KOT, DOM, LAS, MORZE.")
    speaker.say("Zostało 40 płytek.")
    speaker.stop()
    assert speaker.wait(10)
    assert speaker.cut == ["Na stole leżą słowa: KOT, DOM, LAS, MORZE."]
    assert speaker.finished == []
    assert not speaker.busy
    speaker.say("Twój ruch.")  # and the seat speaks again afterwards
    finish_all(speaker, 1)
    assert speaker.finished == ["Twój ruch."]


def test_empty_text_is_not_spoken_and_whitespace_is_one_line(speaker: GateSpeaker) -> None:
    assert not speaker.say("   \n ")
    speaker.say("Twój\nruch.\t Masz  7 płytek.")
    finish_all(speaker, 1)
    assert speaker.finished == ["Twój ruch. Masz 7 płytek."]


def test_an_engine_that_cannot_start_raises_from_the_constructor() -> None:
    class Broken(GateSpeaker):
        def _setup(self) -> None:
            raise RuntimeError("no engine")

    with pytest.raises(RuntimeError, match="no engine"):
        Broken()
