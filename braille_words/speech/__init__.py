"""Speech for each seat: one ``Speaker`` seam over espeak-ng, pyttsx3, speech-dispatcher, text."""

from braille_words.speech.factory import make_speaker, parse_spec
from braille_words.speech.recorder import RecordingSpeaker, TeeSpeaker, read_records
from braille_words.speech.settings import Verbosity, VoiceSettings, settings_for_game
from braille_words.speech.speaker import Message, NullSpeaker, Priority, Speaker
from braille_words.speech.spelling import joker_name, letter_name, spell
from braille_words.speech.text import TextSpeaker

__all__ = [
    "Message",
    "NullSpeaker",
    "Priority",
    "RecordingSpeaker",
    "Speaker",
    "TeeSpeaker",
    "TextSpeaker",
    "Verbosity",
    "VoiceSettings",
    "joker_name",
    "letter_name",
    "make_speaker",
    "parse_spec",
    "read_records",
    "settings_for_game",
    "spell",
]
