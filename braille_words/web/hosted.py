"""The teacher's page on ``braille-words host``: the same server and port as the students'
connections, at ``/teacher/``.

The host runs several tables; the page shows each of them, and for every network seat whether
its student's computer is connected now and the seat's join code (the teacher reads it out; a
student never reaches this page, and a code is refused as the password). A network seat's
display and latest sentences are what the student's computer reported (its seat's mirror): they
are made there. The page's controls go through each table's own ``TableControl``, exactly as
the host's console does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from braille_words.table.outputs import SeatOutput
from braille_words.table.snapshot import MirrorOf, SeatMirror, mirrored
from braille_words.web.app import SESSIONS, lang_of, teacher_app
from braille_words.web.auth import new_password, spoken_password
from braille_words.web.tables import TeacherTable, TeacherTables
from braille_words.web.words import words

if TYPE_CHECKING:
    from braille_words.net.host import Host, HostedTable

PREFIX = "/teacher/"


def _codes_of(table: HostedTable) -> Callable[[], dict[int, str]]:
    return lambda: dict(table.keys.codes)


def _all_codes_of(table: HostedTable) -> Callable[[], Collection[str]]:
    return lambda: list(table.keys.codes.values())


def _connected_of(table: HostedTable) -> Callable[[], dict[int, bool]]:
    return lambda: {seat: remote.link is not None for seat, remote in table.remotes.items()}


def _mirror_of(table: HostedTable) -> MirrorOf:
    def mirror(seat: int) -> SeatMirror | None:
        remote = table.remotes.get(seat)
        if remote is None or remote.words_here:
            # A student's page is worded here, by the seat's own output: what it heard is
            # there ("Ostatnio usłyszał(a)" was empty for a page seat), not in a mirror its
            # page never reports to.
            return None
        return remote.mirror

    return mirror


@dataclass
class HostedPage:
    """The page made for a host, mounted on its application before it starts."""

    tables: TeacherTables
    password: str
    app: web.Application

    @property
    def in_use(self) -> bool:
        """A teacher has logged in to the page: after the games it stays, for its reports."""
        return self.app[SESSIONS].in_use

    def mount(self, root: web.Application) -> None:
        """``/teacher/`` serves the page (and ``/teacher`` leads there)."""
        root.add_subapp(PREFIX, self.app)

    def url(self, address: str, port: int, secure: bool) -> str:
        return f"{'https' if secure else 'http'}://{address}:{port}{PREFIX}"

    def greeting(self, url: str) -> tuple[str, str]:
        """What is printed (the address and the password) and what the teacher's console
        says (the password letter by letter)."""
        lang = lang_of(self.tables)
        w = words(lang)
        return (w["page_at"].format(url=url, password=self.password),
                w["page_said"].format(url=url, password=spoken_password(self.password, lang)))


def host_page(host: Host, journals: Path | None = None,
              password: str | None = None, console: SeatOutput | None = None) -> HostedPage:
    """The teacher's page of every table ``host`` runs; ``host.on_app`` mounts it.
    ``console``: the host's own console, where the page's end of the lesson is said as the
    whole lesson's, not as one table's."""
    for table in host.tables:
        mirrored(table.session, _mirror_of(table))
    tables = TeacherTables(
        [TeacherTable(t.number, t.session, codes=_all_codes_of(t),
                      connected=_connected_of(t), seat_codes=_codes_of(t), starts_next=False)
         for t in host.tables],
        journals=journals,
        console=console,
    )
    tables.guards.extend(host.guards)
    password = password or new_password()
    page = HostedPage(tables, password, teacher_app(tables, password))
    host.guards.append(page.app[SESSIONS].guard)
    host.on_app.append(page.mount)
    return page
