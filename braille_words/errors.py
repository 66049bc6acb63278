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
    halves = message.split(BOTH)
    if len(halves) != 2 or not all(h.strip() for h in halves):
        return message
    return halves[0].strip() if lang == "pl" else halves[1].strip()
