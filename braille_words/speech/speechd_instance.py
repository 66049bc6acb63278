"""A private speech-dispatcher whose voice goes to one PulseAudio sink: one per seat.

speech-dispatcher plays every client through the one sound device its configuration names;
the SSIP protocol gives a client no way to choose another. Two students sharing a computer, each
with their own headphones, therefore need one speech-dispatcher each. This starts such an
instance in the foreground (``speech-dispatcher -s``), with a configuration, socket, pid file
and logs of its own in a private folder, so it neither disturbs nor depends on the user's own
instance (the one Orca speaks through), and stops it — with its output module — on ``close``.

The PulseAudio server is the session's (``PULSE_SERVER`` or libpulse's default); only the
sink differs. The server is handed over through ``PULSE_SERVER`` rather than speech-dispatcher's
``AudioPulseServer`` setting, which 0.11.4 does not pass on to its pulse plugin
("pa_simple_new() failed: Connection refused").
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

from braille_words.audio.devices import AudioDeviceError
from braille_words.private_files import private_folder
from braille_words.speech.espeak import EngineUnavailable

START_TIMEOUT = 10.0
# AF_UNIX paths are limited to 108 bytes on Linux (107 usable); a deep folder falls back to /tmp.
MAX_SOCKET_PATH = 100
MODULE = "espeak-ng"
MODULE_CONFIG = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
# What speech-dispatcher logs when its pulse plugin cannot open the sink; it then reports the
# message as begun and never as ended.
AUDIO_FAILED = b"Opening audio failed"
# PulseAudio buffer, in ms. speech-dispatcher's default, 10, stutters on a busy machine (gaps of
# 0.1-3.7 s in one short sentence, seen with two cores kept busy); 50 kept speech whole in the
# same runs, and a key press still silences it within about a tenth of a second.
PULSE_MIN_LENGTH_MS = 50


def _quoted(value: str) -> str:
    """A value for speechd.conf; a quote or line break would end the setting early."""
    if any(c in value for c in '"\n\r\\'):
        raise EngineUnavailable(
            f"the sound device name {value!r} cannot be given to speech-dispatcher"
        )
    return f'"{value}"'


def config_text(socket: Path, log_dir: Path, sink: str, lang: str) -> str:
    """The speechd.conf of a private instance: our socket, one module, the seat's sink."""
    module = f"AddModule {_quoted(MODULE)} {_quoted('sd_' + MODULE)} "
    module += _quoted(str(MODULE_CONFIG)) if MODULE_CONFIG.exists() else '""'
    return "\n".join(
        [
            'CommunicationMethod "unix_socket"',
            f"SocketPath {_quoted(str(socket))}",
            "Timeout 0",  # it lives as long as the speaker that started it
            "LogLevel 2",
            f"LogDir {_quoted(str(log_dir))}",
            "DefaultVolume 100",
            'AudioOutputMethod "pulse"',
            f"AudioPulseDevice {_quoted(sink)}",
            f"AudioPulseMinLength {PULSE_MIN_LENGTH_MS}",
            module,
            f"DefaultModule {MODULE}",
            f"DefaultLanguage {_quoted(lang)}",
            "",
        ]
    )


def _short_enough(root: Path) -> bool:
    # speech-dispatcher does not fail on a socket path that is too long: it hangs.
    return len(str(root / "speechd.sock")) <= MAX_SOCKET_PATH


def _private_folder() -> Path:
    """A new temporary folder, in /tmp when the usual one is too deep for a socket path."""
    root = Path(tempfile.mkdtemp(prefix="braille-words-speechd-"))
    if not _short_enough(root):
        shutil.rmtree(root, ignore_errors=True)
        root = Path(tempfile.mkdtemp(prefix="braille-words-speechd-", dir="/tmp"))
    return root


def pulse_sinks(pulse_server: str | None = None) -> list[str] | None:
    """The sink names PulseAudio (or PipeWire's pulse server) offers; None when ``pactl`` is not
    installed to ask. A sink name that is not there would otherwise only show as silence."""
    pactl = shutil.which("pactl")
    if pactl is None:
        return None
    server = [f"--server={pulse_server}"] if pulse_server else []
    try:
        done = subprocess.run(
            [pactl, *server, "list", "short", "sinks"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EngineUnavailable(f"PulseAudio does not answer ({exc})") from None
    if done.returncode != 0:
        reason = done.stderr.strip() or f"pactl exit code {done.returncode}"
        raise EngineUnavailable(f"PulseAudio is not running ({reason})")
    return [line.split("\t")[1] for line in done.stdout.splitlines() if line.count("\t") >= 1]


class PrivateSpeechd:
    """One speech-dispatcher speaking into PulseAudio sink ``sink``.

    ``address`` is what ``speechd.SSIPClient(address=…)`` takes to reach it. ``pulse_server``
    overrides the session's PulseAudio server; ``root`` is where its files go (a new temporary
    folder, removed on ``close``, when not given).
    """

    def __init__(
        self,
        sink: str,
        *,
        pulse_server: str | None = None,
        root: Path | None = None,
        lang: str = "pl",
        binary: str | None = None,
    ) -> None:
        found = shutil.which(binary or "speech-dispatcher")
        if found is None:
            raise EngineUnavailable(
                "the speech-dispatcher program is not installed (apt-get install speech-dispatcher)"
            )
        _quoted(sink)
        sinks = pulse_sinks(pulse_server)
        if sinks is not None and sink not in sinks:
            raise AudioDeviceError(
                f"there is no sound device named '{sink}'; "
                f"choose one of: {', '.join(sinks) or 'none (no PulseAudio sinks)'}"
            )
        self._own_root = root is None or not _short_enough(root)
        self.root = _private_folder() if self._own_root else Path(str(root))
        self.sink = sink
        self.socket = self.root / "speechd.sock"
        self.log_dir = self.root / "log"
        config_dir = self.root / "config"
        private_folder(self.log_dir)  # its log may hold what was said
        private_folder(config_dir)
        (config_dir / "speechd.conf").write_text(
            config_text(self.socket, self.log_dir, sink, lang), encoding="utf-8"
        )
        env = dict(os.environ)
        if pulse_server is not None:
            env["PULSE_SERVER"] = pulse_server
        self._log_seen = 0
        self._audio_broken = False
        # A session of its own, so close() can stop the output module it spawns with it.
        options = {"-C": config_dir, "-S": self.socket, "-L": self.log_dir}
        options["-P"] = self.root / "speechd.pid"
        command = [found, "-s", "-t", "0", *(a for k, v in options.items() for a in (k, str(v)))]
        with (self.root / "speechd.out").open("wb") as out:  # the child keeps its own copy
            self._proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
        try:
            self._wait_ready()
        except BaseException:
            self.close()
            raise

    @property
    def address(self) -> str:
        return f"unix_socket:{self.socket}"

    @property
    def pid(self) -> int:
        return self._proc.pid

    def _wait_ready(self) -> None:
        # The socket's file appears when speech-dispatcher binds it, a moment before it
        # listens: a client connecting in between is refused (seen on a loaded machine). Ready
        # is when a connection is accepted.
        deadline = time.monotonic() + START_TIMEOUT
        while not self._accepts():
            if self._proc.poll() is not None:
                raise EngineUnavailable(
                    f"speech-dispatcher stopped at once (exit code {self._proc.returncode}): "
                    f"{self.log_tail()}"
                )
            if time.monotonic() > deadline:
                raise EngineUnavailable("speech-dispatcher did not start in time")
            time.sleep(0.02)

    def _accepts(self) -> bool:
        if not self.socket.exists():
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(str(self.socket))
            except OSError:
                return False
        return True

    def audio_failed(self) -> bool:
        """Whether speech-dispatcher has failed to open the sink since the last call (the sink
        was unplugged or unloaded): the message will never end, so stop waiting for it."""
        log = self.log_dir / "speech-dispatcher.log"
        try:
            with log.open("rb") as f:
                f.seek(self._log_seen)
                new = f.read()
        except OSError:
            return False
        # Step back by the marker's length, so a line written in two parts is still found.
        self._log_seen += max(0, len(new) - len(AUDIO_FAILED))
        if AUDIO_FAILED in new:
            self._audio_broken = True
        return AUDIO_FAILED in new

    def log_tail(self, lines: int = 5) -> str:
        """The last lines speech-dispatcher wrote: for a message about why it failed."""
        text = ""
        for path in [self.root / "speechd.out", *sorted(self.log_dir.glob("*.log"))]:
            try:
                text += path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
        return " | ".join(text.strip().splitlines()[-lines:])

    def close(self) -> None:
        """Stop speech-dispatcher and its output module; remove our own temporary folder."""
        if self._proc.poll() is None:
            self._proc.terminate()  # it stops its output module and removes its socket
            try:
                # After a failed sink it no longer answers SIGTERM (0.11.4): do not wait long.
                self._proc.wait(0.2 if self._audio_broken else 5)
            except subprocess.TimeoutExpired:
                # Not yet reaped, so the process group (it and its module) is still ours.
                os.killpg(self._proc.pid, signal.SIGKILL)
                self._proc.wait()
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PrivateSpeechd:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
