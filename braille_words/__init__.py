"""braille-words: an accessible Braille and audio companion for tabletop word games."""

__version__ = "0.1.0"
