from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session")
def polish() -> Any:
    from braille_words.lexicon import get_lexicon

    try:
        return get_lexicon("pl")
    except Exception as exc:
        pytest.skip(f"the Polish lexicon is not built ({exc}); run braille-words lexicon build")
