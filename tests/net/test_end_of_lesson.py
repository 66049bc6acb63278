"""The end of a lesson at the host, as the teacher lives it: every table ended by one action,
a student whose computer was away when it ended, and the teacher told how the saved games
come back next lesson."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import aiohttp

from tests.net.conftest import Hosted, HostMaker, join, run


def _ran_to_its_end(table: Hosted) -> threading.Thread:
    """The table's game run as ``host`` runs it: when it stops, the host lets its students
    go (``table_ended``)."""

    def play() -> None:
        table.thread.join()
        table.host.table_ended(table.table)

    watcher = threading.Thread(target=play, daemon=True)
    watcher.start()
    return watcher


def test_a_student_away_when_the_teacher_ends_the_game_hears_it_ended_on_coming_back(
    hosted: HostMaker,
) -> None:
    table = hosted("remote,remote")
    watcher = _ran_to_its_end(table)

    async def scenario(http: aiohttp.ClientSession) -> Any:
        ola = await join(table.url, http, table.code(0))
        janek = await join(table.url, http, table.code(1))
        token = next(m["token"] for m in janek.got if m.get("t") == "welcome")
        await janek.ws.close()  # Janek's computer drops off the network
        await ola.read(0.5)
        table.table.session.control.end_game()
        assert await ola.until(lambda m: m.get("t") == "closed")
        watcher.join(10)
        back = await join(table.url, http, token=token)
        await back.read(1.0)
        return back

    back = run(scenario)
    assert not any(m.get("t") == "welcome" for m in back.got)
    assert "Nauczyciel zakończył grę" in back.said()


class _Console:
    """The host's console as the teacher hears it."""

    verbosity = "beginner"
    lang = "pl"

    def __init__(self) -> None:
        self.heard: list[str] = []

    def announce(self, sentence: str, cue: str | None = None) -> None:
        self.heard.append(sentence)


def test_koniec_lekcji_at_the_host_ends_every_table_not_only_the_chosen_one(
    hosted: HostMaker,
) -> None:
    from braille_words.net.cli import _host_command

    first, second = hosted("remote,computer:beginner"), hosted("remote,computer:beginner")
    at_tables = []
    for table in (first, second):
        table.table.session.resume_command = "braille-words host --resume /lekcja"
        at_tables.append(_Console())
        table.table.session.teacher = at_tables[-1]
    console = _Console()
    tables = [first.table, second.table]
    assert _host_command(first.host, tables, [first.table], console, "pl", "koniec lekcji")
    for table in (first, second):
        table.thread.join(10)
        assert not table.thread.is_alive()
    assert console.heard == ["Koniec lekcji: 2 stoły zatrzymane, gry zapisane, uczniowie "
                             "usłyszeli, że mogą zamknąć program. Na następnej lekcji wznowi "
                             "je „braille-words host --resume /lekcja”."]
    # One sentence for the lesson: no table's own "Gra zakończona dla wszystkich i zapisana
    # w …" after it (played with three tables: thirty alike in a school).
    assert [s for c in at_tables for s in c.heard if "Gra zakończona" in s] == []
    _host_command(first.host, tables, [first.table], console, "en", "end lesson")
    assert console.heard[-1] == "No table is playing any more: the lesson is over."


def test_two_students_of_one_name_at_two_tables_are_refused_before_the_lesson(
    tmp_path: Any, capsys: Any
) -> None:
    """A report knows a student by name: two Olas at two tables would be one student in it."""
    from braille_words.cli import main

    rosters = []
    for number, other in ((1, "Janek"), (2, "Ewa")):
        roster = tmp_path / f"stol{number}.toml"
        roster.write_text('game = "rummikub"\n'
                          f'[[seat]]\nname = "Ola"\nwhere = "network"\n'
                          f'[[seat]]\nname = "{other}"\nwhere = "network"\n', encoding="utf-8")
        rosters += ["--roster", str(roster)]
    assert main(["host", *rosters, "--port", "0", "--bind", "127.0.0.1", "--no-mdns",
                 "--dir", str(tmp_path / "lekcja")]) == 1
    said = capsys.readouterr().err
    assert "Ola siedzi przy stole 1 i przy stole 2." in said
    assert not (tmp_path / "lekcja" / "host.json").exists()


def test_pomoc_at_the_host_names_the_hosts_own_commands_and_the_end_of_the_lesson(
    hosted: HostMaker,
) -> None:
    from braille_words.net.cli import _host_command

    table = hosted("remote,computer:beginner")
    console = _Console()
    assert _host_command(table.host, [table.table], [table.table], console, "pl", "pomoc")
    table_help, host_help = console.heard
    assert table_help.startswith("Konsola nauczyciela:")
    assert "zwolnij IMIĘ" in host_help and "koniec lekcji (wszystkie stoły naraz" in host_help
    _host_command(table.host, [table.table], [table.table], console, "en", "help")
    assert "end lesson (every table at once" in console.heard[-1]


def test_a_seat_the_host_gave_the_computer_while_its_student_was_away_is_given_back_after_a_restart(
    hosted: HostMaker, tmp_path: Any,
) -> None:
    """The host plays for a student whose computer dropped off; the host is restarted
    (``--resume``) before she is back: when she returns, her seat is hers again (it stayed
    the computer's, which played her game and was credited with it)."""
    from braille_words.net.cli import _resumed_tables
    from braille_words.table.session import KEYBOARD, Input

    table = hosted("remote,remote", computer_after=0.3)
    session = table.table.session

    async def scenario(http: aiohttp.ClientSession) -> None:
        ola = await join(table.url, http, table.code(0))
        janek = await join(table.url, http, table.code(1))  # kept: his computer stays
        await ola.ws.close()  # Ola's computer drops off; the host plays for her
        for _ in range(50):
            if not session.seats[0].is_human:
                break
            await asyncio.sleep(0.1)
        # The host stops (a crash, a restart) while Janek is still connected.
        session.inputs.put(Input(KEYBOARD, None))
        await asyncio.get_running_loop().run_in_executor(None, table.thread.join, 10)
        assert not janek.closed
    run(scenario)
    assert not session.seats[0].is_human
    session.close()
    table.host.stop()
    tables, _ = _resumed_tables(tmp_path, scripted=True)
    try:
        assert tables[0].given_to_computer == {0}
        assert [s.is_human for s in tables[0].session.seats] == [False, True]
    finally:
        tables[0].session.close()


def test_a_late_student_whose_seat_the_teacher_gave_the_computer_is_named_with_how_to_give_it_back(
    hosted: HostMaker,
) -> None:
    """A student is late: the teacher lets the computer start for her. When she joins, the teacher
    hears that the computer still plays her seat and how to give it back (else she would
    watch, and the report credit the computer with her game)."""
    import io
    import time

    from braille_words.table.outputs import SeatOutput

    table = hosted("remote,remote")
    session = table.table.session
    console = io.StringIO()
    session.teacher = SeatOutput(name="Nauczyciel", lang="pl", verbosity="beginner",
                                 transcript=console)
    session.control.computer_plays(0)
    for _ in range(50):
        if not session.seats[0].is_human and "network 0" not in session._paused:
            break
        time.sleep(0.1)
    assert "Komputer gra teraz za" in console.getvalue()

    async def scenario(http: aiohttp.ClientSession) -> None:
        peer = await join(table.url, http, table.code(0))  # kept: her computer stays
        for _ in range(50):
            if "dołącza" in console.getvalue():
                break
            await asyncio.sleep(0.1)
        assert not peer.closed

    run(scenario)
    name = session.seats[0].name
    assert (f"{name}: dołącza ze swojego komputera; na tym miejscu gra komputer, „gracz {name}” "
            "je odda.") in console.getvalue()


def test_a_student_at_the_table_when_the_teacher_ends_it_hears_the_end_once(
    hosted: HostMaker,
) -> None:
    """``join`` at the table when the teacher ended the game heard "Nauczyciel kończy grę.
    Wyniki: …. Możesz zamknąć program." and then, as the connection closed, "Nauczyciel
    zakończył grę. Możesz zamknąć program." again (found in a lesson of two tables): the
    connection's last word is for a student who was away when it ended."""
    from braille_words.net.client import Client
    from braille_words.table.seats import SeatConfig

    table = hosted("remote,computer:beginner")
    watcher = _ran_to_its_end(table)
    seat = SeatConfig(name="Ola", display="none", speech="none", keyboard="none")
    student = Client(seat, address=f"127.0.0.1:{table.host.port}", code=table.code(0),
                     open_seat_devices=False)
    ran: dict[str, int] = {}
    playing = threading.Thread(target=lambda: ran.update(code=student.run()), daemon=True)
    playing.start()
    for _ in range(100):
        if student.joined:
            break
        threading.Event().wait(0.1)
    table.table.session.control.end_game()
    watcher.join(10)
    playing.join(10)
    said = " ".join(s for s in student.local.said if s)
    assert ran == {"code": 0}
    assert "Nauczyciel kończy grę. Wyniki:" in said
    assert said.count("Możesz zamknąć program") == 1, said



def test_koniec_at_one_table_still_tells_the_teacher_where_it_is_saved(
    hosted: HostMaker,
) -> None:
    """The end of a lesson tells the teacher once, for every table; a table's own end
    (``koniec``) still says where its game is saved."""
    alone = hosted("remote,computer:beginner")
    alone_console = alone.table.session.teacher = _Console()
    alone.table.session.control.end_game()
    alone.thread.join(10)
    assert any("Gra zakończona dla wszystkich" in s for s in alone_console.heard)
