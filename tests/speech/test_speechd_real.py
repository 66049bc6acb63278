"""speech-dispatcher really speaking: a private PulseAudio with one null sink per seat, each
sink's monitor recorded with ``parec``, and speech-dispatcher (a private instance) speaking into
them. PulseAudio paces playback in real time, so a cut-off shows in the recording.

Everything lives under the test's own folder (reached through a short link, for socket paths)
and every process started is stopped, even on failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from braille_words.speech.espeak import synthesize
from braille_words.speech.settings import VoiceSettings

RATE = 22050  # espeak-ng's own rate: the sinks take its samples unchanged
SEATS = ("seat0", "seat1")
THRESHOLD = 300
SPEECHD_RATE = 170  # speech-dispatcher's espeak-ng module speaks at this rate by default

SENTENCE = "Twój ruch. Masz czternaście płytek."
LONG = (
    "Na stole leżą słowa kot, dom, las, morze, szyszka i oczy, "
    "a w worku zostało jeszcze czterdzieści dwie płytki."
)

MISSING = [
    p for p in ("pulseaudio", "parec", "pactl", "speech-dispatcher") if shutil.which(p) is None
]
try:
    import speechd  # noqa: F401
except ImportError:
    MISSING.append("python3-speechd")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)}")

Samples = npt.NDArray[np.int16]


def poll(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Pulse:
    """A private PulseAudio server with a null sink per seat."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for sub in ("runtime", "state", "home"):
            (root / sub).mkdir(parents=True, exist_ok=True)
        self.socket = root / "pulse.sock"
        self.server = f"unix:{self.socket}"
        self.env = dict(
            os.environ,
            HOME=str(root / "home"),
            XDG_RUNTIME_DIR=str(root / "runtime"),
            PULSE_RUNTIME_PATH=str(root / "runtime"),
            PULSE_STATE_PATH=str(root / "state"),
            PULSE_SERVER=self.server,
        )
        sinks = [f"-Lmodule-null-sink sink_name={s} rate={RATE} channels=1" for s in SEATS]
        with (root / "pulse.log").open("wb") as log:  # the child keeps its own copy
            self.proc = subprocess.Popen(
                [
                    "pulseaudio",
                    "-n",  # no default.pa: no hardware, D-Bus or session modules
                    "--daemonize=no",
                    "--system=false",
                    "--exit-idle-time=-1",
                    "--use-pid-file=no",
                    "--disable-shm=yes",
                    *sinks,
                    f"-Lmodule-native-protocol-unix socket={self.socket} auth-anonymous=1",
                    "--log-target=stderr",
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=log,
                env=self.env,
            )
        try:
            poll(lambda: self.socket.exists() or self.proc.poll() is not None, 10, "PulseAudio")
            if self.proc.poll() is not None:
                raise AssertionError(f"PulseAudio stopped: {(root / 'pulse.log').read_text()}")
        except BaseException:
            self.close()
            raise

    def restart_sinks(self) -> None:
        """Suspend and resume every sink, so it starts rendering at once in the small blocks its
        recorders asked for, instead of after the first two-second block a null sink begins with."""
        for sink in SEATS:
            self.pactl("suspend-sink", sink, "1")
            self.pactl("suspend-sink", sink, "0")

    def pactl(self, *args: str) -> str:
        done = subprocess.run(
            ["pactl", f"--server={self.server}", *args],
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            timeout=10,
        )
        return done.stdout

    def record(self, sink: str) -> Recording:
        return Recording(self, sink)

    def close(self) -> None:
        stop_process(self.proc)


class Recording:
    """What a sink plays, as ``parec`` writes it to a file (read back while it grows).

    A null sink delivers its first block to a monitor only after its default latency (two
    seconds) has passed, so readiness is the stream being connected, not data in the file:
    nothing played after that is lost.
    """

    def __init__(self, pulse: Pulse, sink: str) -> None:
        self.path = pulse.root / f"{sink}.raw"
        self.log = pulse.root / f"{sink}.parec.log"
        with self.path.open("wb") as out, self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [
                    "parec",
                    "--verbose",  # says when the stream is connected
                    f"--device={sink}.monitor",
                    "--raw",
                    "--format=s16le",
                    f"--rate={RATE}",
                    "--channels=1",
                    "--latency-msec=10",
                    f"--server={pulse.server}",
                ],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=log,
                env=pulse.env,
            )

    def wait_connected(self) -> None:
        poll(
            lambda: (
                b"Stream successfully created" in self.log.read_bytes()
                or self.proc.poll() is not None
            ),
            10,
            "parec to connect",
        )
        assert self.proc.poll() is None, self.log.read_text()

    def samples(self) -> Samples:
        data = self.path.read_bytes()
        return np.frombuffer(data[: len(data) // 2 * 2], dtype=np.int16)

    def wait_for_silence_after_sound(self, quiet: float = 0.4, timeout: float = 15) -> Samples:
        """Samples up to ``quiet`` seconds of silence after the last sound (parec lags a little
        behind playback, so the end of speech reaches the file after speech-dispatcher's END)."""

        def settled() -> bool:
            loud = loud_indices(self.samples())
            return len(loud) > 0 and len(self.samples()) - loud[-1] > quiet * RATE

        poll(settled, timeout, "the sound to end in the recording")
        return self.samples()

    def close(self) -> None:
        stop_process(self.proc)


def loud_indices(samples: Samples) -> npt.NDArray[np.intp]:
    return np.flatnonzero(np.abs(samples.astype(np.int32)) > THRESHOLD)


def sounding_seconds(samples: Samples) -> float:
    loud = loud_indices(samples)
    return 0.0 if not len(loud) else (loud[-1] - loud[0] + 1) / RATE


def voiced_seconds(samples: Samples, frame: float = 0.01) -> float:
    """How long something sounds, counted in frames: a gap of silence (a buffer underrun on a
    busy machine) neither adds to it nor hides a cut."""
    n = round(frame * RATE)
    frames = np.abs(samples[: len(samples) // n * n].astype(np.int32)).reshape(-1, n)
    return float(np.count_nonzero(frames.max(axis=1) > THRESHOLD)) * frame


def espeak_seconds(text: str, measure: Callable[[Samples], float] = sounding_seconds) -> float:
    """How long espeak-ng itself takes to say ``text`` at speech-dispatcher's rate."""
    samples, rate = synthesize(text, VoiceSettings(rate=SPEECHD_RATE), lang="pl")
    assert rate == RATE
    return measure(samples)


def whole(heard: Samples, text: str) -> bool:
    """Whether ``heard`` sounds as long as espeak-ng's own ``text`` (a frame more or less at the
    edges of its words; the shortest Polish word is longer than the 50 ms allowed)."""
    return abs(voiced_seconds(heard) - espeak_seconds(text, voiced_seconds)) < 0.05


def short_root(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path`` by a path short enough for Unix sockets (108 bytes at most): a link to it
    from a new folder in /tmp. The files stay in ``tmp_path`` for a failure to be read."""
    link_dir = Path(tempfile.mkdtemp(prefix="bw-", dir="/tmp"))
    try:
        (link_dir / "t").symlink_to(tmp_path, target_is_directory=True)
        yield link_dir / "t"
    finally:
        shutil.rmtree(link_dir, ignore_errors=True)  # removes the link, not what it points to


@pytest.fixture
def root(tmp_path: Path) -> Iterator[Path]:
    yield from short_root(tmp_path)


@pytest.fixture
def pulse(root: Path) -> Iterator[Pulse]:
    server = Pulse(root / "pulse")
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def recordings(pulse: Pulse) -> Iterator[dict[str, Recording]]:
    started: dict[str, Recording] = {}
    try:
        for seat in SEATS:
            started[seat] = pulse.record(seat)
        for rec in started.values():
            rec.wait_connected()
        pulse.restart_sinks()
        yield started
    finally:
        for rec in started.values():
            rec.close()


def envelope(samples: Samples, frame: float = 0.01) -> npt.NDArray[np.float64]:
    """Loudness every ``frame`` seconds from the first sound on: the shape of the words."""
    loud = loud_indices(samples)
    sound = samples[loud[0] : loud[-1] + 1].astype(np.float64)
    n = round(frame * RATE)
    frames: npt.NDArray[np.float64] = np.sqrt(
        np.mean(sound[: len(sound) // n * n].reshape(-1, n) ** 2, axis=1)
    )
    return frames


def aligned(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], band: int) -> list[int]:
    """Dynamic time warping of ``a`` onto ``b`` with no frame moved more than ``band`` frames:
    for each step of the best path, the pair of indices (flattened: a0, b0, a1, b1, …)."""
    n, m = len(a), len(b)
    za, zb = (a - a.mean()) / a.std(), (b - b.mean()) / b.std()
    cost = np.full((n + 1, m + 1), np.inf)
    cost[0, 0] = 0.0
    for i in range(1, n + 1):
        for j in range(max(1, i - band), min(m, i + band) + 1):
            step = min(cost[i - 1, j - 1], cost[i - 1, j], cost[i, j - 1])
            cost[i, j] = (za[i - 1] - zb[j - 1]) ** 2 + step
    path: list[int] = []
    i, j = n, m
    while i > 0 and j > 0:
        path += [i - 1, j - 1]
        moves = (cost[i - 1, j - 1], cost[i - 1, j], cost[i, j - 1])
        move = int(np.argmin(moves))
        i, j = (i - 1, j - 1) if move == 0 else (i - 1, j) if move == 1 else (i, j - 1)
    return path


def sounding_frames(frames: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``frames`` without the silent ones: pauses and gaps alike."""
    return frames[frames > THRESHOLD / 3]


def same_words(heard: Samples, text: str, lang: str = "pl", *, at_end: bool = False) -> float:
    """How closely the heard loudness follows espeak-ng's own rendering of ``text`` in ``lang``
    (1.0: the same sounds in the same order; ``at_end``: as the last thing heard). Silent
    frames are left out and the rest may shift by 0.1 s, so gaps of silence (underruns on a
    busy machine) do not count as other words."""
    own, rate = synthesize(text, VoiceSettings(rate=SPEECHD_RATE), lang=lang)
    assert rate == RATE
    a, b = sounding_frames(envelope(heard)), sounding_frames(envelope(own))
    if at_end:
        a = a[-len(b) :]
    band = 10
    if abs(len(a) - len(b)) > band:
        return 0.0  # more or less sound than any warping explains: other words
    path = aligned(a, b, band)
    return float(np.corrcoef(a[path[0::2]], b[path[1::2]])[0, 1])


def alive(pid: int) -> bool:
    """Whether ``pid`` is still a speech-dispatcher process (not a reused number)."""
    try:
        return b"speech" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def family(pid: int) -> list[int]:
    """``pid`` and its children (speech-dispatcher and the output module it started)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [pid, *map(int, children)]


# python3-speechd's reader thread leaves by raising SystemExit whenever a client closes.
ssip_reader_exit = pytest.mark.filterwarnings(
    "ignore:.*SSIP client communication thread:pytest.PytestUnhandledThreadExceptionWarning"
)


@ssip_reader_exit
def test_speechd_says_a_polish_sentence_whole_and_audible(
    pulse: Pulse, recordings: dict[str, Recording], root: Path
) -> None:
    from braille_words.speech.speechd_backend import SpeechdSpeaker
    from braille_words.speech.speechd_instance import PrivateSpeechd

    with PrivateSpeechd("seat0", pulse_server=pulse.server, root=root / "speechd") as server:
        with SpeechdSpeaker(address=server.address) as speaker:
            assert speaker.say(SENTENCE)
            assert speaker.wait(30)
        heard = recordings["seat0"].wait_for_silence_after_sound()
    loud = loud_indices(heard)
    sound = heard[loud[0] : loud[-1] + 1].astype(np.float64)
    assert float(np.sqrt(np.mean(sound**2))) > 1000  # speech at full volume, not a murmur
    assert whole(heard, SENTENCE)  # nothing cut
    seconds = voiced_seconds(heard)
    assert 0.2 * 5 < seconds < 0.8 * 5  # five words at a plausible speaking rate
    assert same_words(heard, SENTENCE) > 0.9  # these words, in the Polish voice
    assert same_words(heard, SENTENCE, "en") < 0.8
    assert not len(loud_indices(recordings["seat1"].samples()))


@ssip_reader_exit
def test_a_key_press_cuts_speechd_short_and_the_next_message_is_heard(
    pulse: Pulse, recordings: dict[str, Recording], root: Path
) -> None:
    from braille_words.speech.speechd_backend import SpeechdSpeaker
    from braille_words.speech.speechd_instance import PrivateSpeechd

    seat0 = recordings["seat0"]
    with (
        PrivateSpeechd("seat0", pulse_server=pulse.server, root=root / "speechd") as server,
        SpeechdSpeaker(address=server.address) as speaker,
    ):
        assert speaker.say(LONG)
        poll(lambda: sounding_seconds(seat0.samples()) > 0.5, 15, "the long sentence")
        at_stop = len(seat0.samples())
        speaker.stop()
        assert speaker.wait(5)
        assert not speaker.busy
        # A second of recording after the stop: long enough to hear speech that went on.
        poll(lambda: len(seat0.samples()) > at_stop + RATE, 10, "a second of recording")
        cut = seat0.samples()
        assert speaker.say("Twój ruch.")
        assert speaker.wait(30)
        after = seat0.wait_for_silence_after_sound()[len(cut) :]
    # parec lags playback a little, so the stop lands a little before ``at_stop`` in the file.
    assert loud_indices(cut)[-1] < at_stop + 0.3 * RATE
    assert voiced_seconds(cut) < espeak_seconds(LONG, voiced_seconds) / 2
    assert whole(after, "Twój ruch.")
    assert same_words(after, "Twój ruch.") > 0.9


@ssip_reader_exit
def test_your_turn_interrupts_a_long_speechd_announcement_and_is_heard_whole(
    pulse: Pulse, recordings: dict[str, Recording], root: Path
) -> None:
    from braille_words.speech import Priority
    from braille_words.speech.speechd_backend import SpeechdSpeaker
    from braille_words.speech.speechd_instance import PrivateSpeechd

    seat0 = recordings["seat0"]
    with (
        PrivateSpeechd("seat0", pulse_server=pulse.server, root=root / "speechd") as server,
        SpeechdSpeaker(address=server.address) as speaker,
    ):
        assert speaker.say(LONG)
        assert speaker.say("Zostało czterdzieści płytek.")
        poll(lambda: sounding_seconds(seat0.samples()) > 0.5, 15, "the long sentence")
        assert speaker.say("Twój ruch.", priority=Priority.INTERRUPT)
        assert speaker.wait(30)
        heard = seat0.wait_for_silence_after_sound()
    assert same_words(heard, "Twój ruch.", at_end=True) > 0.9  # the last thing heard, whole
    assert voiced_seconds(heard) < espeak_seconds(LONG, voiced_seconds) / 2  # the rest dropped


@ssip_reader_exit
def test_speechd_on_a_seat_device_speaks_only_into_that_seat_and_leaves_nothing_behind(
    pulse: Pulse,
    recordings: dict[str, Recording],
    root: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two students with their own headphones: ``device`` starts a speech-dispatcher of the
    seat's own on the session's PulseAudio (here the private one)."""
    from braille_words.speech.speechd_backend import SpeechdSpeaker

    monkeypatch.setenv("PULSE_SERVER", pulse.server)
    monkeypatch.setenv("HOME", str(pulse.root / "home"))
    monkeypatch.setattr(tempfile, "tempdir", str(root))  # its private folder goes here
    speaker = SpeechdSpeaker(VoiceSettings(lang="pl"), seat=1, device="seat1")
    try:
        assert speaker.describe() == "speechd:device=seat1"
        [folder] = root.glob("braille-words-speechd-*")
        pids = family(int((folder / "speechd.pid").read_text()))
        assert len(pids) >= 2  # speech-dispatcher and its espeak-ng module
        assert speaker.say("Tak.")
        assert speaker.wait(30)
        heard = recordings["seat1"].wait_for_silence_after_sound()
    finally:
        speaker.close()
    assert whole(heard, "Tak.")
    assert not len(loud_indices(recordings["seat0"].samples()))
    assert not any(alive(pid) for pid in pids)
    assert not list(root.glob("braille-words-speechd-*"))


def test_a_seat_device_that_does_not_exist_is_named_with_the_ones_that_do(
    pulse: Pulse, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from braille_words.audio.devices import AudioDeviceError
    from braille_words.speech.speechd_backend import SpeechdSpeaker

    monkeypatch.setenv("PULSE_SERVER", pulse.server)
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    with pytest.raises(AudioDeviceError, match=r"no sound device named 'seat7'.*seat0, seat1"):
        SpeechdSpeaker(device="seat7")
    assert not list(root.glob("braille-words-speechd-*"))  # nothing was started


@ssip_reader_exit
def test_headphones_unplugged_before_speaking_end_the_message_with_a_sentence(
    pulse: Pulse, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """speech-dispatcher reports such a message as begun and never as ended; the seat must not
    wait a minute for it."""
    from braille_words.audio.devices import AudioDeviceError
    from braille_words.speech.speechd_backend import SpeechdSpeaker

    module = pulse.pactl("load-module", "module-null-sink", "sink_name=headphones")
    monkeypatch.setenv("PULSE_SERVER", pulse.server)
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    speaker = SpeechdSpeaker(device="headphones")
    with speaker:
        [folder] = root.glob("braille-words-speechd-*")
        pids = family(int((folder / "speechd.pid").read_text()))
        pulse.pactl("unload-module", module.strip())
        assert speaker.say("Twój ruch.")
        assert speaker.wait(15)
        assert isinstance(speaker.last_error, AudioDeviceError)
        assert "'headphones'" in str(speaker.last_error)
    assert not any(alive(pid) for pid in pids)  # even a speech-dispatcher that stopped answering


def test_a_seat_device_without_pulseaudio_lets_the_factory_fall_back(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from braille_words.speech.espeak import EngineUnavailable
    from braille_words.speech.speechd_backend import SpeechdSpeaker

    monkeypatch.setenv("PULSE_SERVER", f"unix:{root / 'no-pulse.sock'}")
    with pytest.raises(EngineUnavailable, match="PulseAudio is not running"):
        SpeechdSpeaker(device="seat0")


@ssip_reader_exit
def test_a_seat_asks_for_speechd_on_its_headphones_by_spec(
    pulse: Pulse,
    recordings: dict[str, Recording],
    root: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--seat 2:speech=speechd,sound=seat1`` (or ``speechd:device=seat1``) reaches that sink
    through the factory; an unknown sink named that way is refused, not silently replaced."""
    from braille_words.audio.devices import AudioDeviceError
    from braille_words.speech.factory import make_speaker

    monkeypatch.setenv("PULSE_SERVER", pulse.server)
    monkeypatch.setenv("HOME", str(pulse.root / "home"))
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    speaker = make_speaker("speechd:device=seat1", VoiceSettings(lang="pl"), seat=1)
    try:
        assert speaker.describe() == "speechd:device=seat1"
        assert speaker.say("Tak.")
        assert speaker.wait(30)
        heard = recordings["seat1"].wait_for_silence_after_sound()
    finally:
        speaker.close()
    assert whole(heard, "Tak.")
    assert not len(loud_indices(recordings["seat0"].samples()))
    with pytest.raises(AudioDeviceError, match="seat7"):
        make_speaker("speechd:device=seat7", VoiceSettings(lang="pl"))
