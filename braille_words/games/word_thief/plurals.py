"""Whether a steal only makes the stolen word plural, which the rulebook forbids: judged by
``inflect``, a maintained English morphology library that ships its data (loaded lean by
``lexicon.english_forms.inflect_engine``, shared with Alice's English word forms).
"""

from __future__ import annotations

from braille_words.lexicon.english_forms import inflect_engine


def only_plural(new: str, stolen: str) -> bool:
    """Whether ``new`` is no more than the plural of ``stolen`` (WORK → WORKS, BOX → BOXES,
    OX → OXEN), which the rulebook forbids as a steal; WORKED and WORKERS are more."""
    engine = inflect_engine()
    if engine.plural_noun(stolen) == new:
        return True
    singular = engine.singular_noun(new)
    return bool(singular) and singular == stolen
