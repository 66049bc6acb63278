"""``braille-words say``: hear a sentence (or a spelling) on a chosen device, or save it as WAV."""

from __future__ import annotations

import argparse
from typing import Any

from braille_words.speech.espeak import write_wav
from braille_words.speech.factory import make_speaker
from braille_words.speech.settings import LANGUAGES, Verbosity, VoiceSettings
from braille_words.speech.spelling import spell


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "say",
        help="speak a sentence on a sound device (to try a seat's voice and headphones)",
        description="Speak TEXT with a seat's speech settings. Without --engine the first "
        "engine that works is used: espeak-ng on a sound device, pyttsx3, speech-dispatcher, "
        "then text on the terminal.",
    )
    p.add_argument("text", nargs="+", help="what to say")
    p.add_argument(
        "--device", help="sound output number or name (see: braille-words devices audio)"
    )
    p.add_argument("--wav", metavar="FILE", help="write the speech to a WAV file instead")
    p.add_argument("--lang", choices=LANGUAGES, default="pl", help="language (default: pl)")
    p.add_argument(
        "--engine",
        default="auto",
        metavar="SPEC",
        help="auto, espeak[:device=N], pyttsx3, speechd, text, none, record:FILE; join with +",
    )
    p.add_argument("--spell", action="store_true", help="read the text letter by letter")
    p.add_argument("--voice", help="engine voice name (default: the language's voice)")
    p.add_argument("--rate", type=int, help="words per minute")
    p.add_argument("--volume", type=float, default=1.0, help="0 to 2 (default 1)")
    p.set_defaults(func=say_command)


def say_command(args: argparse.Namespace) -> int:
    settings = VoiceSettings(
        lang=args.lang,
        voice=args.voice,
        rate=args.rate,
        volume=args.volume,
        verbosity=Verbosity.BEGINNER,
    )
    text = " ".join(args.text)
    if args.spell:
        text = spell(text, args.lang)
    if args.wav:
        seconds = write_wav(args.wav, text, settings)
        print(f"Wrote {args.wav} ({seconds:.1f} s).")
        return 0
    spec = args.engine
    if args.device is not None:
        if spec == "auto":
            spec = "espeak"
        spec = f"{spec}:device={args.device}"
    with make_speaker(spec, settings) as speaker:
        speaker.say(text)
        speaker.wait()
    return 0
