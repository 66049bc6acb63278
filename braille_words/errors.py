"""The one exception family a player may meet.

Every error the program expects (a bad word, a missing device, a corrupt save) is a
``BrailleWordsError`` whose message is a sentence the player can act on; the CLI speaks and
brailles it instead of printing a traceback.
"""


class BrailleWordsError(Exception):
    """A failure with a message fit to be read to a player."""


class InputError(BrailleWordsError, ValueError):
    """Input the program cannot use (an empty word, digits in a word, an unknown option)."""


BOTH = " / "
"""Between the Polish and the English half of a message given before the language is known."""


def in_language(message: str, lang: str) -> str:
    """The half of a "Polish / English" message a seat speaks; other messages whole.

    A command parser meeting an unknown verb cannot tell which language was meant, so it says
    both; the table knows the seat's language and reads only that half.
    """
    parts = message.split(BOTH)
    # Each half may quote an example with its own " / " ("tak / nie", "yes / no"), the same
    # number of times in both languages: the middle separator is the one between them.
    if len(parts) < 2 or len(parts) % 2 or not all(p.strip() for p in parts):
        return message
    middle = len(parts) // 2
    half = parts[:middle] if lang == "pl" else parts[middle:]
    return BOTH.join(half).strip()
