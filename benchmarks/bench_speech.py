"""How long from ``say()`` to the first sample on the device, next to espeak-ng's own time.

Usage: python benchmarks/bench_speech.py [--device N|NAME] [--runs 15]

Without --device the sentence plays on a virtual ALSA output that writes to a file (so the
figures can be taken on a machine without a sound card); the first sample "reaching the device"
is then seen two ways: when PortAudio accepted the first block, and when the first bytes appeared
in the output's file.

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
import time
from pathlib import Path

SENTENCE = "Twój ruch. Masz czternaście płytek, a w worku zostało czterdzieści."
# ten words


def espeak_times(runs: int) -> tuple[list[float], list[float]]:
    """Whole-sentence synthesis, and time to espeak-ng's first chunk of sound."""
    whole, first = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
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
        first.append(time.perf_counter() - t0)
        proc.stdout.read()
        proc.wait()
        whole.append(time.perf_counter() - t0)
    return whole, first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--device", help="a real sound output (default: a virtual one)")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

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

    whole, first_chunk = espeak_times(args.runs)

    player = Player(device)
    speaker = EspeakSpeaker(device=device, player=player)
    speaker.say("Rozgrzewka.")  # first use loads the voice and opens PortAudio once
    speaker.wait()
    to_device: list[float] = []
    to_file: list[float] = []
    for _ in range(args.runs):
        if raw is not None and raw.exists():
            raw.unlink()
        t0 = time.monotonic()
        speaker.say(SENTENCE)
        seen_file: float | None = None
        while player.first_block_at is None or player.first_block_at < t0:
            if raw is not None and seen_file is None and raw.exists() and raw.stat().st_size:
                seen_file = time.monotonic()
            time.sleep(0.0002)
        to_device.append(player.first_block_at - t0)
        while raw is not None and seen_file is None:
            if raw.exists() and raw.stat().st_size:
                seen_file = time.monotonic()
            time.sleep(0.0002)
        if seen_file is not None:
            to_file.append(seen_file - t0)
        speaker.stop()
        speaker.wait()
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
    if to_file:
        print(f"ours      say() -> first bytes in the device file: {ms(to_file)}")
    print(
        f"overhead  {overhead * 1000:.1f} ms over espeak-ng's first chunk = "
        f"{overhead / synth * 100:.0f} % of the synthesis time (target <= 50 %): "
        f"{'met' if overhead <= 0.5 * synth else 'NOT met'}"
    )
    print(f"streaming first sample arrives {latency / synth * 100:.0f} % into the whole synthesis")
    return 0


if __name__ == "__main__":
    sys.exit(main())
