"""``play --roster … --web``: the teacher's page for the one table of this computer.

The page is started before the game, its address and password printed (and said at the
teacher's console); when the teacher starts the next game from the page, the table's runner
asks ``next_game`` for it and the page follows the new session.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from braille_words.net.guard import Alert
from braille_words.present.messages import text
from braille_words.table.session import AnySession
from braille_words.web.app import SESSIONS, WATCHERS, lang_of, teacher_app
from braille_words.web.auth import new_password, spoken_password
from braille_words.web.server import WebServer
from braille_words.web.tables import TeacherTable, TeacherTables
from braille_words.web.words import words


@dataclass
class TeacherPage:
    tables: TeacherTables
    server: WebServer
    password: str
    greeting: str
    """What the teacher's console says: the address and the password, letter by letter."""

    def next_game(self, before: AnySession) -> AnySession:
        """The game the teacher asked for on the page, at the same seats; the page shows it."""
        from braille_words.table.launch import next_session

        position = Path(before.next_game) if before.next_game else None
        session = next_session(before, position)
        self.tables.replace(1, session)
        return session

    @property
    def in_use(self) -> bool:
        """A teacher has logged in to the page: after the games it stays, for its reports."""
        return self.server.app[SESSIONS].in_use

    def gone_for(self) -> float:
        """Seconds since the teacher's last open page went away (0 while one is open)."""
        return self.server.app[WATCHERS].gone_for()

    def stop(self) -> None:
        self.server.stop()


def serve_teacher_page(session: AnySession, port: int, exercises: Path | None,
                       host: str = "127.0.0.1") -> TeacherPage:
    """The page on ``host:port``: this computer alone by default; another address (a
    ``--web-host`` for a teacher's tablet on the school's network) is still behind the
    password."""
    tables = TeacherTables([TeacherTable(1, session)], exercises=exercises,
                           journals=session.journal.path.parent if session.journal else None)
    password = new_password()
    server = WebServer(teacher_app(tables, password), host, port)
    for guard in tables.guards:
        guard.tell = functools.partial(_tell_teacher, tables)
    server.start()
    lang = lang_of(tables)
    w = words(lang)
    print(w["page_at"].format(url=server.url, password=password), flush=True)
    greeting = w["page_said"].format(url=server.url,
                                     password=spoken_password(password, lang))
    return TeacherPage(tables, server, password, greeting)


def _tell_teacher(tables: TeacherTables, alert: Alert) -> None:
    """Wrong passwords on the page: the teacher's console says so (any thread)."""
    table = tables.find(1)
    teacher = table.session.teacher if table is not None else None
    if teacher is not None:
        teacher.announce(text(teacher.lang, alert.key, address=alert.address, **alert.params),
                         cue="warning")
