"""The one exception family a player may meet.

Every error the program expects (a bad word, a missing device, a corrupt save) is a
``BrailleWordsError`` whose message is a sentence the player can act on; the CLI speaks and
brailles it instead of printing a traceback.
"""


class BrailleWordsError(Exception):
    """A failure with a message fit to be read to a player."""


class InputError(BrailleWordsError, ValueError):
    """Input the program cannot use (an empty word, digits in a word, an unknown option)."""
