"""Key-to-frame latency of the display drivers, against the wire time of the frame.

For each protocol a 40-cell emulator on a pseudo-terminal presses a routing key; the game
side (a command callback) answers with a new frame in which every cell changed. We time
from the key's release packet being written to the emulator holding the whole new frame.

Figures, per protocol:
- ``driver``: that time through our driver (parser, chord tracker, callback, encoder, write);
- ``baseline``: the same round trip through a bare pyserial loop on the same pty that
  answers the key bytes with a ready-made frame (no parsing, no key map): the cost of the
  pty, the threads and the emulator, measured in the same run;
- ``ours``: driver − baseline, our own processing;
- ``wire``: the time the frame takes on a real serial line at the protocol's baud rate
  (bits per byte with start, parity and stop bits × frame bytes / baud): the physical limit.
Target: ours ≤ 10 % of wire.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

import serial

from braille_words.displays.codecs import HostProtocol
from braille_words.displays.emulators import make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DisplayCommand
from braille_words.displays.profiles import default_profile
from braille_words.displays.serial_display import SerialDisplay, open_port
from braille_words.displays.spec import host_protocol

ROUNDS = 20 if "--quick" in sys.argv else 150  # --quick: the suite's check that this runs
CELLS = 40


def frame_for(n: int) -> bytes:
    """A frame in which every cell differs from the previous one's."""
    return bytes(((n * 37 + i) % 255) + 1 for i in range(CELLS))


def measure(emulator: Emulator, answer_ready: threading.Event | None = None) -> list[float]:
    times: list[float] = []
    for n in range(ROUNDS):
        expected = frame_for(n)
        key = ("routing", n % CELLS)
        emulator.key_down(key)
        time.sleep(0.002)
        start = time.perf_counter()
        emulator.key_up(key)
        if not emulator.wait_for_cells(expected, timeout=2.0):
            raise RuntimeError(f"frame {n} never arrived")
        times.append(time.perf_counter() - start)
        time.sleep(0.003)  # let the ACK (HandyTech, Focus) come back
    return times


def through_driver(protocol: str) -> tuple[list[float], HostProtocol]:
    emulator = make_emulator(protocol, CELLS)
    emulator.start()
    rounds = iter(range(ROUNDS))
    display: SerialDisplay | None = None

    def answer(command: DisplayCommand) -> None:
        if command.name == "route" and display is not None:
            display.write(frame_for(next(rounds)))

    profile = default_profile(protocol)
    host = host_protocol(profile)
    display = SerialDisplay(emulator.path, host, keymap=profile.keymap, on_command=answer)
    try:
        display.write(bytes(CELLS))
        emulator.wait_for_cells(bytes(CELLS))
        time.sleep(0.05)
        return measure(emulator), host
    finally:
        display.close()
        emulator.stop()


def through_bare_loop(protocol: str) -> list[float]:
    """The same round trip with a host that does nothing but answer bytes with bytes."""
    emulator = make_emulator(protocol, CELLS)
    emulator.start()
    profile = default_profile(protocol)
    host = host_protocol(profile)
    port = open_port(emulator.path, host)
    stop = threading.Event()
    # Probe once, so that the emulator is in the state a driver would leave it in, and
    # learn the sizes of a key packet and of an acknowledgement.
    for request in host.probe_requests():
        port.write(request)
    time.sleep(0.1)
    port.reset_input_buffer()
    port.write(host.encode_frame(bytes(CELLS), b"", None))
    time.sleep(0.05)
    ack_size = len(port.read(port.in_waiting)) if port.in_waiting else 0
    answers = [host.encode_frame(frame_for(n), b"", None) for n in range(ROUNDS)]
    emulator.key_down(("routing", 0))
    emulator.key_up(("routing", 0))
    time.sleep(0.05)
    key_size = port.in_waiting // 2
    port.reset_input_buffer()

    def loop() -> None:
        n = 0
        pending = 0
        while not stop.is_set() and n < ROUNDS:
            try:
                pending += len(port.read(max(1, port.in_waiting)))
            except (serial.SerialException, OSError, TypeError):
                return
            # A round brings the previous frame's ACK, then a press and a release.
            need = 2 * key_size + (ack_size if n else 0)
            if pending >= need:
                pending -= need
                port.write(answers[n])
                n += 1

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        return measure(emulator)
    finally:
        stop.set()
        thread.join(timeout=1)
        port.close()
        emulator.stop()


def main() -> None:
    print(f"{ROUNDS} key presses per protocol, {CELLS}-cell frames, every cell changed")
    print(
        f"{'protocol':10} {'driver ms':>10} {'baseline ms':>12} {'ours ms':>8} "
        f"{'wire ms':>8} {'ours/wire':>10} {'driver/wire':>12}  target ours ≤ 10 %"
    )
    for protocol in ("baum", "handytech", "focus"):
        driver_times, host = through_driver(protocol)
        baseline_times = through_bare_loop(protocol)
        frame = host.encode_frame(frame_for(0), b"", None)
        wire = host.bits_per_byte * len(frame) / host.baudrate
        driver = statistics.median(driver_times)
        baseline = statistics.median(baseline_times)
        ours = max(0.0, driver - baseline)
        verdict = "met" if ours <= 0.1 * wire else "MISSED"
        print(
            f"{protocol:10} {driver * 1e3:10.3f} {baseline * 1e3:12.3f} {ours * 1e3:8.3f} "
            f"{wire * 1e3:8.2f} {ours / wire:10.1%} {driver / wire:12.1%}  {verdict}"
        )
        p95 = statistics.quantiles(driver_times, n=20)[-1]
        print(f"{'':10} driver p95 {p95 * 1e3:.3f} ms ({len(frame)} bytes on the wire)")


if __name__ == "__main__":
    main()
