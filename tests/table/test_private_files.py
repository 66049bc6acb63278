"""Files that hold a person's game are this account's alone (issue 31): each kind the program
writes, made under the usual umask 022, is 0600 in a 0700 folder; one an older version left
readable is tightened when the program next opens it, and that is said once, in the
console's language."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from braille_words.cli import _write_crash_report, main
from braille_words.lexicon.store import lexicon_dir
from braille_words.private_files import take_tightened
from braille_words.speech.recorder import RecordingSpeaker
from braille_words.table.activity import ActivityLog, activity_path
from braille_words.table.journal import Header, Journal


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The umask most systems give a user: files 0644, folders 0755 unless asked otherwise."""
    old = os.umask(0o022)
    take_tightened()  # nothing left over from another test
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """braille-words' own data folder for this test alone, with the shared word lists."""
    lexicon = lexicon_dir()
    folder = tmp_path / "data"
    folder.mkdir()
    if lexicon.exists():
        (folder / "lexicon").symlink_to(lexicon.resolve())
    monkeypatch.setenv("BRAILLE_WORDS_DATA", str(folder))
    monkeypatch.delenv("BRAILLE_WORDS_CONFIG", raising=False)
    return folder


HEADER = Header("seven_words", 5, [{"name": "Ola", "kind": "human"}], {})


def test_a_journal_its_activity_log_and_the_sessions_folder_are_private_whatever_the_umask(
    data: Path, umask_022: None,
) -> None:
    sessions = data / "sessions"
    journal = Journal.create_unique(sessions, "game", HEADER)
    journal.record(0, {"type": "pass"})
    log = ActivityLog.beside(journal.path)
    log.note(0, "refused", "sekret", "Nie ma takiego słowa.")
    log.close()
    journal.close()
    assert mode(sessions) == 0o700
    assert mode(journal.path) == 0o600
    assert mode(activity_path(journal.path)) == 0o600


def test_a_journal_given_by_path_gets_private_new_folders_and_leaves_the_persons_own_alone(
    tmp_path: Path, umask_022: None,
) -> None:
    own = tmp_path / "klasa"
    own.mkdir(mode=0o755)
    path = own / "5b" / "marzec" / "gra.jsonl"
    Journal.create(path, HEADER).close()
    assert mode(path) == 0o600
    assert mode(own / "5b") == 0o700 and mode(own / "5b" / "marzec") == 0o700
    assert mode(own) == 0o755  # the teacher's folder is theirs to set


def test_a_recording_of_what_a_seat_heard_is_private(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "record.jsonl"
    with RecordingSpeaker(path) as rec:
        rec.say("Stojak, 14 płytek: 1 o, 2 en.")
    assert mode(path) == 0o600


def test_a_report_sent_to_a_file_is_private_before_a_line_is_in_it(
    data: Path, tmp_path: Path, umask_022: None,
) -> None:
    journal = tmp_path / "gra.jsonl"
    Journal.create(journal, HEADER).close()
    out = tmp_path / "raport.csv"
    with out.open("w", encoding="utf-8") as shell_made:  # as `> raport.csv` makes it: 0644
        assert mode(out) == 0o644
        saved = sys.stdout
        sys.stdout = shell_made
        try:
            code = main(["report", "--csv", str(journal)])
        finally:
            sys.stdout = saved
    assert code == 0 and mode(out) == 0o600 and "Ola" in out.read_text(encoding="utf-8")


def test_output_appended_to_a_file_the_person_keeps_is_left_as_they_set_it(
    data: Path, tmp_path: Path, umask_022: None,
) -> None:
    journal = tmp_path / "gra.jsonl"
    Journal.create(journal, HEADER).close()
    log = tmp_path / "lekcja.log"
    log.write_text("poniedziałek\n", encoding="utf-8")
    with log.open("a", encoding="utf-8") as appended:  # `>> lekcja.log`
        saved = sys.stdout
        sys.stdout = appended
        try:
            assert main(["report", str(journal)]) == 0
        finally:
            sys.stdout = saved
    assert mode(log) == 0o644


def test_the_crash_log_is_private(data: Path, umask_022: None) -> None:
    try:
        raise RuntimeError("Stojak Oli: o, en, eś")
    except RuntimeError:
        where = Path(_write_crash_report())
    assert where == data / "crash.log" and mode(where) == 0o600


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_a_voice_saved_by_say_wav_is_private(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "ruch.wav"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["say", "Twój ruch.", "--wav", str(path)]) == 0
    assert mode(path) == 0o600


def test_files_an_older_version_left_readable_are_tightened_and_said_once(
    data: Path, umask_022: None, capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = data / "sessions"
    sessions.mkdir(mode=0o755)
    journal = sessions / "stara.jsonl"
    Journal.create(journal, HEADER).close()
    ActivityLog.beside(journal).close()
    for path in (journal, activity_path(journal)):
        path.chmod(0o644)  # as the version before made them
    sessions.chmod(0o755)
    main(["report"])
    said = capsys.readouterr().err
    assert mode(sessions) == 0o700 and mode(journal) == 0o600
    assert mode(activity_path(journal)) == 0o600
    lines = [line for line in said.splitlines() if "inne konta" in line]
    assert len(lines) == 1 and str(sessions) in lines[0] and lines[0].startswith(
        "braille-words: 3 pliki lub foldery z grami mogły czytać inne konta")
    main(["report", "--lang", "en"])
    assert "other accounts" not in capsys.readouterr().err.lower()  # once, not every time


def test_a_journal_resumed_from_anywhere_is_tightened_as_it_is_opened(
    tmp_path: Path, umask_022: None,
) -> None:
    path = tmp_path / "gra.jsonl"
    Journal.create(path, HEADER).close()
    path.chmod(0o644)
    take_tightened()
    Journal.append_to(path).close()
    assert mode(path) == 0o600 and take_tightened() == [path]


def test_the_tightening_is_said_in_english_to_an_english_console(
    data: Path, umask_022: None, capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = data / "sessions"
    sessions.mkdir(mode=0o755)
    main(["report", "--lang", "en"])
    said = capsys.readouterr().err
    assert "Other accounts on this computer could read a file or folder of games" in said


def _synced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """What ``os.fsync`` was asked to sync, in order: (the file's name, whether a folder)."""
    calls: list[tuple[str, bool]] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append((os.readlink(f"/proc/self/fd/{fd}"), stat.S_ISDIR(os.fstat(fd).st_mode)))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to name an fd")
def test_a_file_replaced_for_good_has_its_text_and_then_its_folder_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list of games kept elsewhere must survive a power cut right after it is renamed
    into place: the folder is synced after the text (a plain replacement syncs only the
    text)."""
    from braille_words.private_files import write_private
    from braille_words.table import saved_games

    calls = _synced(monkeypatch)
    write_private(tmp_path / "plain.txt", "a")
    assert [folder for _name, folder in calls] == [False]
    calls.clear()
    saved_games.remember(tmp_path / "ola.jsonl", tmp_path / "sessions")
    assert [folder for _name, folder in calls] == [False, True]
    assert calls[1][0] == str(tmp_path / "sessions")
    assert (tmp_path / "sessions" / saved_games.INDEX).read_text() == f"{tmp_path / 'ola.jsonl'}\n"
