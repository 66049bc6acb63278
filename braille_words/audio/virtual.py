"""Virtual sound outputs that write what they play to files: one per seat, no sound card.

A classroom computer without speakers, a CI machine, or a teacher checking what each student
heard can still run the program: ALSA's ``file`` plugin records every sample played, and one
named output per seat keeps seats apart. ALSA reads its configuration once, when PortAudio
starts, so the environment this returns must be in place before ``sounddevice`` is first
imported — in practice, in a child process.

The files hold raw signed 16-bit little-endian mono samples at ``RATE``; ALSA converts whatever
is played to that. They are not paced in real time: ALSA writes as fast as it is fed (the
``Player`` paces itself).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

RATE = 48000


def asoundrc(files: dict[str, Path], default: str | None = None, *, append: bool = True) -> str:
    """ALSA configuration text for one output per name, each recording to its file.

    With ``append`` every sound is added to the file; without, each opening of the device starts
    the file afresh but samples reach it with no pipe in between (for measuring a cut-off).
    """
    lines: list[str] = []
    for name, path in files.items():
        if not name.replace("_", "").replace("-", "").isalnum():
            raise ValueError(f"an output name must be letters and digits: {name!r}")
        if '"' in str(path):
            raise ValueError(f"a recording path may not contain quotes: {path}")
        # A pipe to ``cat >>`` because the plugin truncates its file on every open, and each
        # sound opens the device afresh.
        target = f"|exec cat >> {shlex.quote(str(path))}" if append else str(path)
        lines.append(
            f'pcm.{name}_file {{ type file slave.pcm "null" file "{target}" format "raw" }}\n'
            f'pcm.{name} {{ type plug slave {{ pcm "{name}_file" format S16_LE channels 1 '
            f'rate {RATE} }} hint {{ show on description "{name}" }} }}'
        )
    first = default or next(iter(files))
    lines.append(f'pcm.!default {{ type plug slave.pcm "{first}" }}')
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class VirtualOutputs:
    """Named outputs (``seat0``, ``seat1``…) recording into ``root``."""

    root: Path
    names: tuple[str, ...]

    @classmethod
    def create(
        cls, root: str | Path, names: tuple[str, ...] = ("seat0", "seat1"), *, append: bool = True
    ) -> VirtualOutputs:
        root = Path(root)
        (root / "alsa").mkdir(parents=True, exist_ok=True)
        files = {name: root / f"{name}.raw" for name in names}
        text = asoundrc(files, append=append)
        (root / "alsa" / "asoundrc").write_text(text, encoding="utf-8")
        return cls(root, names)

    @classmethod
    def none(cls, root: str | Path) -> VirtualOutputs:
        """An ALSA configuration with no outputs at all: a machine without a sound card."""
        root = Path(root)
        (root / "alsa").mkdir(parents=True, exist_ok=True)
        (root / "alsa" / "asoundrc").write_text("", encoding="utf-8")
        return cls(root, ())

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """An environment under which PortAudio sees exactly these outputs."""
        env = dict(os.environ if base is None else base)
        env["XDG_CONFIG_HOME"] = str(self.root)
        return env

    def path(self, name: str) -> Path:
        return self.root / f"{name}.raw"

    def samples(self, name: str) -> npt.NDArray[np.int16]:
        """Everything played on ``name`` so far (empty if nothing was)."""
        path = self.path(name)
        if not path.exists():
            return np.zeros(0, dtype=np.int16)
        data = path.read_bytes()
        return np.frombuffer(data[: len(data) // 2 * 2], dtype=np.int16)

    def run_python(
        self, code: str, *, timeout: float = 60.0, env: dict[str, str] | None = None
    ) -> str:
        """Run ``code`` in a fresh Python that sees these outputs; its standard output.

        A fresh process because PortAudio reads ALSA's configuration only once per process.
        Raises ``RuntimeError`` with the child's error output when it fails.
        """
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=self.env(env),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"child exited {done.returncode}:\n{done.stderr}")
        return done.stdout
