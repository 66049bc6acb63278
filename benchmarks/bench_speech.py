"""How long from ``say()`` to the first sample on the device, next to espeak-ng's own time.

Usage: python benchmarks/bench_speech.py [--device N|NAME] [--runs 15]

Without --device the sentence plays on a virtual ALSA output that writes to a file (so the
figures can be taken on a machine without a sound card). "Reaching the device" is the moment
PortAudio accepted the first block; the script also checks the bytes landed in the file.

Baselines, measured in the same run:
* synthesis alone: ``espeak-ng --stdout`` for the whole sentence, read into a buffer;
* espeak-ng's first chunk: the same process, until its first bytes of sound.
Our overhead is the time to the first sample minus espeak-ng's first chunk (what any streaming
player must wait for); the target is that it stays within 50 % of the synthesis time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SENTENCE = "Twój ruch. Masz czternaście płytek, a w worku zostało czterdzieści."
# ten words


def espeak_once() -> tuple[float, float]:
    """Whole-sentence synthesis, and the time to espeak-ng's first chunk of sound."""
    t0 = time.monotonic()
    proc = subprocess.Popen(
        ["espeak-ng", "--stdin", "--stdout", "-v", "pl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(SENTENCE.encode())
    proc.stdin.close()
    proc.stdout.read(44)  # header
    proc.stdout.read1(4096)
    first = time.monotonic() - t0
    proc.stdout.read()
    proc.wait()
    return time.monotonic() - t0, first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--device", help="a real sound output (default: a virtual one)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--quick", action="store_true", help="two runs: proves this runs")
    args = parser.parse_args()
    if args.quick:
        args.runs = 2

    raw: Path | None = None
    if args.device is None:
        # Must happen before sounddevice is imported: PortAudio reads ALSA's configuration once.
        from braille_words.audio.virtual import VirtualOutputs

        root = Path(tempfile.mkdtemp(prefix="bench-speech-"))
        outputs = VirtualOutputs.create(root, ("bench",), append=False)
        os.environ["XDG_CONFIG_HOME"] = str(root)
        raw = outputs.path("bench")
    device = args.device or "bench"

    from braille_words.audio.player import Player
    from braille_words.speech.espeak import EspeakSpeaker

    player = Player(device)
    speaker = EspeakSpeaker(device=device, player=player)
    arrived = threading.Event()
    first_at: list[float] = []

    def first_block(when: float) -> None:
        first_at.append(when)
        arrived.set()

    player.on_first_block = first_block
    speaker.say("Rozgrzewka.")  # first use loads the voice and opens PortAudio once
    speaker.wait()
    whole: list[float] = []
    first_chunk: list[float] = []
    to_device: list[float] = []
    reached_file = 0
    for _ in range(args.runs):
        # Baseline and ours alternate, so a busy machine weighs on both alike.
        w, f = espeak_once()
        whole.append(w)
        first_chunk.append(f)
        if raw is not None and raw.exists():
            raw.unlink()
        arrived.clear()
        first_at.clear()
        t0 = time.monotonic()
        speaker.say(SENTENCE)
        if not arrived.wait(10):
            raise SystemExit("no sound reached the device")
        to_device.append(first_at[0] - t0)
        speaker.stop()
        speaker.wait()
        if raw is not None and raw.exists() and raw.stat().st_size:
            reached_file += 1
    speaker.close()

    def ms(values: list[float]) -> str:
        return (
            f"median {statistics.median(values) * 1000:6.1f} ms   min {min(values) * 1000:6.1f} ms"
        )

    synth = statistics.median(whole)
    latency = statistics.median(to_device)
    overhead = latency - statistics.median(first_chunk)
    print(f"sentence: {SENTENCE!r} ({len(SENTENCE.split())} words), {args.runs} runs")
    print(f"baseline  espeak-ng whole sentence to a buffer : {ms(whole)}")
    print(f"baseline  espeak-ng to its first chunk         : {ms(first_chunk)}")
    print(f"ours      say() -> first block accepted by device: {ms(to_device)}")
    if raw is not None:
        print(f"          (the sound was in the device's file in {reached_file}/{args.runs} runs)")
    print(
        f"overhead  {overhead * 1000:.1f} ms over espeak-ng's first chunk = "
        f"{overhead / synth * 100:.0f} % of the synthesis time (target <= 50 %): "
        f"{'met' if overhead <= 0.5 * synth else 'NOT met'}"
    )
    print(f"streaming first sample arrives {latency / synth * 100:.0f} % into the whole synthesis")
    return 0


if __name__ == "__main__":
    sys.exit(main())
