"""Braille display drivers: protocol codecs, serial/BrlAPI/console displays, emulators."""
