"""The student's page as the host serves it: ``/`` (and ``/play``), its script and style.

The page is one static document: the join form, the places the game's areas are drawn in, the
command field, the live regions, the settings and the list of keys. Everything that belongs
to a seat comes over the page's WebSocket (``/play/ws``) only after the join code was
accepted; the document itself holds nothing of any table. Plain JavaScript served from the
package: no build step, no framework, nothing fetched from elsewhere (the page's policy
forbids it).
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources

from aiohttp import web

from braille_words.audio.earcons import SIGNATURES
from braille_words.net.protocol import VERSION
from braille_words.web.student_words import KEYS, WORDS, words

_STATIC = {"student.js": "application/javascript", "student.css": "text/css",
           "cards.css": "text/css"}


def add_student_page(app: web.Application) -> None:
    """The page's routes on the host's application."""
    app.router.add_get("/", _page)
    app.router.add_get("/play", _page)
    app.router.add_get("/play/static/{name}", _static)
    app.router.add_get("/favicon.ico", _no_icon)


def _headers(response: web.StreamResponse) -> web.StreamResponse:
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "frame-ancestors 'none'; form-action 'self'")
    response.headers["Cache-Control"] = "no-store"
    return response


def sounds() -> dict[str, list[list[float]]]:
    """The earcons as notes (Hz, ms, glide to Hz or 0, gap ms): the page plays the same
    sounds through Web Audio as a seat hears at a computer."""
    return {earcon.value: [[n.freq, n.ms, n.glide_to or 0, n.gap] for n in notes]
            for earcon, notes in SIGNATURES.items()}


def student_page(lang: str) -> str:
    """The document, in ``lang`` until the student chooses another language."""
    w = words(lang)
    labels = json.dumps(WORDS, ensure_ascii=False).replace("</", "<\\/")
    keys = "".join(
        f"<dt><kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>{key}</kbd></dt>"
        f'<dd data-word="{name}">{escape(w[name])}</dd>' for key, name in KEYS)
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(w['title'])}</title>
<link rel="stylesheet" href="/play/static/cards.css">
<link rel="stylesheet" href="/play/static/student.css">
<script src="/play/static/student.js" defer></script>
</head>
<body data-protocol="{VERSION}">
<header><h1 id="title" data-word="title">{escape(w['title'])}</h1></header>
<main>
<section id="join" aria-labelledby="join-heading">
<h2 id="join-heading" data-word="join">{escape(w['join'])}</h2>
<form id="join-form">
<p><label for="code" data-word="code">{escape(w['code'])}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="off" required
 pattern="[0-9 ]{{6,7}}" maxlength="7"></p>
<p><label for="lang" data-word="language">{escape(w['language'])}</label>
<select id="lang" name="lang"><option value="pl" lang="pl">polski</option>
<option value="en" lang="en">English</option></select></p>
<p><label for="verbosity" data-word="verbosity">{escape(w['verbosity'])}</label>
<select id="verbosity" name="verbosity">
<option value="beginner" data-word="beginner">{escape(w['beginner'])}</option>
<option value="expert" data-word="expert">{escape(w['expert'])}</option></select></p>
<p><button type="submit" id="join-button" data-word="join_button">
{escape(w['join_button'])}</button></p>
</form>
</section>
<section id="play" aria-labelledby="status-heading" hidden>
<h2 id="status-heading" data-word="status">{escape(w['status'])}</h2>
<p id="status"></p>
<form id="command-form">
<p><label for="command" data-word="command">{escape(w['command'])}</label>
<input id="command" name="command" autocomplete="off" maxlength="500">
<button type="submit" data-word="send">{escape(w['send'])}</button></p>
</form>
<section id="news-area" aria-labelledby="news-heading">
<h2 id="news-heading" data-word="news">{escape(w['news'])}</h2>
<ol id="news" tabindex="0" aria-labelledby="news-heading"></ol>
</section>
<div id="areas"></div>
</section>
<section aria-labelledby="settings-heading">
<h2 id="settings-heading" data-word="settings">{escape(w['settings'])}</h2>
<p><input type="checkbox" id="sounds" checked>
<label for="sounds" data-word="sounds">{escape(w['sounds'])}</label></p>
<p><label for="volume" data-word="volume">{escape(w['volume'])}</label>
<input type="range" id="volume" min="0" max="100" value="60"></p>
<p><input type="checkbox" id="self-voicing">
<label for="self-voicing" data-word="self_voicing">{escape(w['self_voicing'])}</label></p>
</section>
<section aria-labelledby="keys-heading">
<h2 id="keys-heading" data-word="keys">{escape(w['keys'])}</h2>
<p data-word="keys_intro">{escape(w['keys_intro'])}</p>
<dl id="keys">{keys}</dl>
<p data-word="key_board">{escape(w['key_board'])}</p>
</section>
<noscript><p>{escape(w['no_script'])}</p></noscript>
</main>
<div id="polite" class="live" aria-live="polite"></div>
<div id="assertive" class="live" aria-live="assertive"></div>
<script type="application/json" id="page-words">{labels}</script>
<script type="application/json" id="page-sounds">{json.dumps(sounds())}</script>
</body></html>
"""


async def _page(request: web.Request) -> web.StreamResponse:
    lang = "en" if request.query.get("lang") == "en" else "pl"
    return _headers(web.Response(text=student_page(lang), content_type="text/html"))


async def _no_icon(request: web.Request) -> web.StreamResponse:
    """A browser asks for an icon: there is none (and no error in its console)."""
    return web.Response(status=204)


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    if name not in _STATIC:
        raise web.HTTPNotFound()
    body = resources.files("braille_words.web").joinpath("static", name).read_text("utf-8")
    return _headers(web.Response(text=body, content_type=_STATIC[name], charset="utf-8"))
