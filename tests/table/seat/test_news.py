"""The seat's news alone (``table.seat.news``): plain state, no display, no table."""

from __future__ import annotations

from braille_words.braille import text_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import Mode
from braille_words.table.seat.news import HISTORY_ON_CELLS, NewsQueue, Show


def _line(sentence: str) -> NamedLine:
    return NamedLine("message", text_line(sentence, "pl", name="message"))


def _post(news: NewsQueue, sentence: str, *, current: str | None = "message",
          keep_place: bool = False, urgent: bool = False, typing: bool = False,
          first: bool = False, at: int = 0, expiring: bool = False) -> Show:
    news.remember(sentence)
    return news.post(_line(sentence), keep_place=keep_place, urgent=urgent, current=current,
                     typing=typing, first=first, at=at, expiring=sentence if expiring else "")


def test_a_seat_that_hears_sees_the_latest_at_once_and_nothing_waits() -> None:
    news = NewsQueue(hold=False)
    assert _post(news, "Gracz dobiera.") == Show(reset=True)
    assert _post(news, "Twój ruch.") == Show(reset=True)
    assert news.message is not None and not news.queue and news.waiting("rack", False) == 0


def test_unread_news_waits_until_the_reader_moves_on() -> None:
    news = NewsQueue(hold=True)
    first = _post(news, "Gracz dobiera.")
    assert first == Show(reset=True) and news.unread
    assert _post(news, "Twój ruch.") == Show(mark=True)
    assert news.unread_count == 2 and news.waiting("message", False) == 1
    # Panning within the first message does not bring the next one; past its end does.
    assert news.read_key("pan_right", "message", (True, False)) == (False, None)
    done, show = news.read_key("pan_right", "message", (False, True))
    assert done and show == Show(keep="message", fresh=True)
    assert news.unread_count == 1 and not news.queue
    # Another key reads the message and leaves the reader free to go on.
    done, show = news.read_key("line_down", "message", (True, True))
    assert not done and show == Show(keep="message") and news.unread_count == 0


def test_an_answer_flashes_in_place_and_the_next_key_takes_the_reader_back() -> None:
    news = NewsQueue(hold=True)
    show = _post(news, "Płytka 3: K.", current="rack", keep_place=True)
    assert show == Show(keep="message", fresh=True) and news.flash_return == "rack"
    assert news.flash_key("pan_right", "message", (True, False)) == (False, None)
    done, back = news.flash_key("line_down", "message", (True, True))
    assert done and back == Show(keep="rack", fresh=True) and news.flash_return is None
    # A chord goes back too, and is then typed there.
    _post(news, "Płytka 4: O.", current="rack", keep_place=True)
    assert news.flash_key("braille_chord", "message", (True, True)) == (
        False, Show(keep="rack", fresh=True))


def test_urgent_news_comes_first_and_the_unread_waits_behind_it() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Gracz dobiera.")
    assert _post(news, "Zostało 10 sekund.", urgent=True, current="input") == Show(
        keep="message", fresh=True)
    assert news.unread and [m for m in news.queue] and news.waiting("input", True) >= 1


def test_news_said_while_typing_is_counted_behind_the_letters() -> None:
    news = NewsQueue(hold=False)
    _post(news, "Gracz dobiera.", current="input", typing=True)
    assert news.behind_typing == 1 and news.waiting("input", True) == 1
    assert news.waiting("message", True) == 0  # looked at


def test_a_withdrawn_turn_leaves_the_queue_but_not_the_history() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Czas minął.")
    news.turn = None
    _post(news, "Twój ruch.")
    news.turn = news.posted
    assert news.withdraw_turn() == Show(mark=True)
    assert not news.queue and news.told[-1] == "Twój ruch."
    assert news.withdraw_turn() is None  # once


def test_line_up_reads_earlier_messages_back_and_line_down_comes_forward() -> None:
    news = NewsQueue(hold=False)
    for sentence in ("Pierwsza.", "Druga.", "Trzecia."):
        _post(news, sentence)
    assert news.history(1, "rack") is None  # only from the message line
    assert news.history(1, "message") == Show(keep="message", fresh=True)
    shown = news.line("pl", Mode.LITERARY)
    assert shown is not None and shown.line.cells() == text_line("1. Druga.", "pl").cells()
    assert news.history(1, "message") is not None and news.back == 2
    assert news.history(1, "message") is None  # nothing older
    assert news.history(-2, "message") is not None and news.line("pl", Mode.LITERARY) is (
        news.message)


def test_history_keeps_a_bounded_number_of_messages() -> None:
    news = NewsQueue()
    for n in range(HISTORY_ON_CELLS + 5):
        news.remember(f"{n}.")
    assert len(news.told) == HISTORY_ON_CELLS and news.told[0] == "5."


def test_repeat_brings_the_message_back_and_the_unread_waits() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Twój ruch.")
    again = _line("Gracz dobiera.")
    assert news.again(again) == Show(keep="message", fresh=True)
    assert news.message is again and not news.unread and len(news.queue) == 1


def test_an_urgent_message_sends_the_interrupted_one_back_to_where_it_was_read() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Gracz nie ma więcej wyzwań. Runda 3: Ola 12, Komputer 9.")
    _post(news, "Koniec czasu.", urgent=True, at=36)
    done, show = news.read_key("pan_right", "message", (True, True))
    assert done and show == Show(keep="message", fresh=True, at=36)


def test_a_time_warning_is_dropped_unread_once_time_is_up() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Gracz dobiera.")
    _post(news, "Zostało 10 sekund.", urgent=True, expiring=True)
    _post(news, "Koniec czasu.", urgent=True)
    assert len(news.queue) == 1 and news.dropped == ["Zostało 10 sekund."]
    news.read_key("pan_right", "message", (True, True))
    assert news.message is not None and news.unread and not news.queue  # "Gracz dobiera."


def test_a_turn_goes_before_older_news_and_is_delivered_when_it_reaches_the_message_line(
) -> None:
    news = NewsQueue(hold=True)
    _post(news, "Komputer 1: PILOT.")
    _post(news, "Komputer 2: WALIZKA.")
    turn = _line("Twoja kolej.")
    news.post(turn, keep_place=False, urgent=False, current="message", typing=False,
              first=True)
    news.turn = turn
    assert news.queue[0] is turn and not news.delivered
    news.read_key("pan_right", "message", (True, True))
    assert news.message is turn and news.delivered


def test_skip_to_now_shows_the_newest_and_counts_the_rest() -> None:
    news = NewsQueue(hold=True)
    for said in ("Jeden.", "Dwa.", "Trzy.", "Cztery."):
        _post(news, said)
    assert news.skip() == 3 and len(news.queue) == 1 and not news.unread  # Cztery waits
    news.next()
    assert news.skip() == 0
    assert list(news.told)[-1] == "Cztery." and len(news.told) == 4  # historia keeps all


def test_skip_to_now_does_not_pass_over_the_turn_waiting() -> None:
    """Issue 39 (Rummikub at 40 cells): the turn had jumped the queue, so "the newest" was
    the computer's move before it, and skipping to now passed the reader's turn over."""
    news = NewsQueue(hold=True)
    _post(news, "Gracz: 8 pkt za słowo WKURZONA.")
    _post(news, "Ada układa: NIEWASALCZA. Ruch: Gracz.")
    _post(news, "Twój ruch. Stojak…", first=True)
    turn = news.queue[0]
    news.turn = turn
    assert news.skip() == 1  # the unread WKURZONA; Ada's move is the newest, then the turn
    news.next()
    assert news.message is not None and news.message is not turn and not news.delivered
    assert news.read_key("pan_right", "message", (True, True))[0]
    assert news.message is turn and news.delivered and not news.queue


def test_a_routing_key_after_an_answer_acts_on_the_line_the_reader_was_on() -> None:
    news = NewsQueue(hold=True)
    _post(news, "Płytka 3: K.", current="rack", keep_place=True, at=20)
    done, back = news.flash_key("route", "message", (True, True))
    assert not done and back == Show(keep="rack", fresh=True, at=20)


def test_a_place_is_kept_only_for_a_message_still_to_come() -> None:
    """A place was kept by the message's id after the message had gone (skipped, come back
    in place of an answer): a later message given the same id by Python started in its
    middle (Rummikub's end, played at 40 cells, showed "Enter, gdy skończysz." first)."""
    news = NewsQueue(hold=True)
    _post(news, "Ada układa: NIEWASALCZA, 11 pkt za słowo. Ada dobiera 4 płytki.")
    _post(news, "Zostało 10 sekund.", urgent=True, at=40)  # interrupts it at cell 40
    interrupted = news.queue[0]
    assert news.places[id(interrupted)] == (interrupted, 40)
    _post(news, "Kolej: Ada.")
    assert news.skip() == 2 and news.next()  # the warning and Ada's move
    assert news.places == {} and news.place() == 0


def test_a_time_warning_read_long_ago_does_not_make_a_new_message_stale() -> None:
    """Stale time warnings are known by the message itself, not by an id a new message may
    have taken since."""
    news = NewsQueue(hold=True)
    _post(news, "Zostało 10 sekund.", expiring=True)
    warning = news.message
    assert warning is not None
    news.expiring[id(warning)] = (_line("Zostało 10 sekund."), "Zostało 10 sekund.")
    _post(news, "Koniec czasu.", urgent=True)  # as if the warning's id were another's now
    assert news.dropped == [] and news.queue[0] is warning


def test_the_answer_to_a_question_is_read_whole_before_news_replaces_it() -> None:
    """Issue 39 (7 słów at 40 cells, played): "Podpowiedź: …" asked from the words line was
    shown for one window, then "Ada ma słowo." took its place. News waits behind it; a pick's
    answer (a glance at the rack) is still replaced at once."""
    news = NewsQueue(hold=True)
    news.answering = True
    assert _post(news, "Podpowiedź: Z tych kart jest słowo z 7 liter.", current="words") == \
        Show(keep="message", fresh=True)
    news.answering = False
    hint = news.message
    assert _post(news, "Ada ma słowo.", current="message") == Show(mark=True)
    assert news.message is hint and news.waiting("message", False) == 1
    done, back = news.flash_key("pan_right", "message", (True, True))
    assert done and back is not None and back.keep == "words"
    assert news.message is not hint and news.unread  # Ada's news, waiting on the line
    _post(news, "Płytka 3: K.", current="rack", keep_place=True)
    glance = news.message
    assert _post(news, "Płytka 4: O.", current="rack", keep_place=True).keep == "message"
    assert news.message is not glance and not any(m is glance for m in news.queue)


def test_panning_past_a_message_already_read_brings_the_news_waiting_behind_it() -> None:
    """Scrabble karty at 14 cells, after "pas": the reader was back at the end of the hint
    already read, news waiting behind it (dots 7 and 8); panning on went to the hand line and
    the rival's move to answer stayed behind on the message line."""
    news = NewsQueue(hold=True)
    _post(news, "Podpowiedź: pas: brak słowa")
    _post(news, "Gracz pasuje. Ada: DI, 7D, 6.")
    news.unread = False  # the hint has been read; the move still waits behind it
    assert news.read_key("pan_right", "message", (True, False)) == (False, None)
    done, show = news.read_key("pan_right", "message", (False, True))
    assert done and show == Show(keep="message", fresh=True)
    assert news.unread and not news.queue
    # Nothing waiting: past the end of a message read, the reader goes on to the next line.
    news.unread = False
    assert news.read_key("pan_right", "message", (False, True)) == (False, None)
