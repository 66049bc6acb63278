"""Where the data folders shipped with the package live.

``devices/`` and ``tables/`` sit at the top of the repository so that adding a display model
or a liblouis table is adding a file; an installed wheel carries them under
``braille_words/_data``. An editable install reads them from the checkout.
"""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``devices`` or ``tables``) in the checkout or the installed wheel."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
