"""``braille-words play GAME --web``: a game on this computer whose player sits in a browser.

The way in for a player at home with their own screen reader: the game runs here exactly as
``play`` runs it (the computers, the clock, the journal), and the player's seat is a network
seat served by the same host the classroom uses, on 127.0.0.1 only. The address printed and
said carries the seat's join code (``…/play#482915``), so opening it is joining; the terminal
stays the table's console (pause, more time, the end).
"""

from __future__ import annotations

import contextlib
import webbrowser
from collections.abc import Sequence
from dataclasses import dataclass

from braille_words.errors import InputError
from braille_words.net.codes import SeatKeys, spoken
from braille_words.net.host import Host, HostedTable
from braille_words.table.seats import SeatConfig
from braille_words.table.session import AnySession
from braille_words.web.student_words import words


def seat_on_page(seats: Sequence[SeatConfig]) -> list[frozenset[int]]:
    """Every person's seat is played in the browser: no speech, display or keyboard of this
    computer (the page and the player's screen reader are all of them). Several people
    share the page hot-seat, as they would share a speaker: the group to give the table."""
    people = [i for i, s in enumerate(seats) if s.is_human]
    if not people:
        raise InputError("--web gives a person's seat to the browser, and nobody plays here: "
                         "say who plays, e.g. --players human,computer")
    for i in people:
        you = seats[i]
        you.where = "network"
        you.speech, you.display, you.keyboard = "none", "none", "none"
    return [frozenset(people)] if len(people) > 1 else []


@dataclass
class PlayerPage:
    host: Host
    url: str
    greeting: str
    """What the console says: the address, and the code read digit by digit."""

    def stop(self) -> None:
        self.host.stop()


def serve_player_page(session: AnySession, port: int, *, open_browser: bool = False,
                      bind: str = "127.0.0.1") -> PlayerPage:
    table = HostedTable(1, session, SeatKeys())
    host = Host([table], bind=bind, port=port)
    try:
        port = host.start()
    except OSError as exc:
        raise InputError(f"the page cannot listen on port {port}: {exc.strerror or exc}; give "
                         f"another with --port") from None
    seat, code = min(table.keys.codes.items())
    lang = session.seats[seat].lang
    url = f"http://127.0.0.1:{port}/play?lang={lang}#{code}"
    w = words(lang)
    print(w["play_at"].format(url=url, code=spoken(code)), flush=True)
    greeting = w["play_said"].format(port=port, code=" ".join(code))
    group = session.sharing(seat)
    if len(group) > 1:  # hot-seat: everyone's seat is on the one page
        shared = w["play_shared"].format(
            names=", ".join(session.seats[s].name for s in sorted(group)))
        greeting = f"{greeting} {shared}"  # printed and said by the console
    if open_browser:
        with contextlib.suppress(Exception):  # no browser here: the address is printed
            webbrowser.open(url)
    return PlayerPage(host, url, greeting)
