"""The Alicja command language, in Polish and English.

While the conversation goes on, a line is what the player says (``klaun``, ``treser lwów``);
``powiedz X`` / ``say X`` says X even when it sounds like a command. ``temat 1`` / ``theme 1``
(or just ``1``) is the Queen's choice of theme; ``wyzwanie`` / ``challenge`` puts the last
word to the table's vote; during a vote ``tak`` / ``nie`` (``yes`` / ``no``); ``koniec czasu`` /
``time up`` when the teapot has run out (the table usually sends it).

The characters' abilities (the advanced game): ``żeton`` / ``token`` (a time token),
``pomijam`` / ``skip`` (the Cheshire Cat), ``kapelusznik`` / ``hatter`` (no forbidden letter
this turn), ``połóż literę`` / ``lay letter`` (the secret letter, right after one's turn; or
``klaun +litera`` with the word), ``jeszcze raz`` / ``again`` (Dwójka Kier), ``gąsienica Ola`` /
``caterpillar Ben`` (the token before that player; the seat number works too). In "Za mało
szaleństwa?"
a line typed out of turn is table talk (``mówię X`` / ``chat X`` says so outright), checked for
forbidden letters.
"""

from __future__ import annotations

import re
from typing import Any

import braille_words.present.messages  # noqa: F401  (the catalogues say the errors below)
from braille_words.errors import InputError
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Encore,
    LayLetter,
    Move,
    PlaceCaterpillar,
    Ruling,
    Say,
    SpendToken,
    Talk,
    TimeUp,
    TurnCat,
    TurnHat,
    Vote,
    Wait,
)
from braille_words.games.kit import CommandLanguage
from braille_words.games.seat_names import find_seat
from braille_words.games.votes import parse_ballot
from braille_words.tiles import is_number, normalize

GAME = "alicja"

HELP: dict[str, list[tuple[str, str]]] = {
    "pl": [
        ("{word_lang:select:en=clown|*=klaun}",
         "w swojej kolejce powiedz słowo na temat (albo kilka: "
         "{word_lang:select:en=lion tamer|*=treser lwów})"),
        ("powiedz {word_lang:select:en=time|*=czas}",
         "powiedz słowo, które brzmi jak polecenie ({word_lang:select:en=time, yes|*=czas, tak})"),
        ("temat 1", "Królowa Kier wybiera temat 1 albo 2"),
        ("wyzwanie", "poddaj ostatnie słowo pod głosowanie (czy pasuje do tematu)"),
        ("koniec czasu", "bez słowa w swojej kolejce: odpadasz z rundy, jak gdy imbryk "
         "przestaje grać"),
        ("tak", "w głosowaniu: słowo zostaje; „nie”: słowo odpada"),
        ("temat, litery, słowa, wyniki", "przeczytaj temat, zakazane litery, powiedziane "
         "słowa, wyniki"),
        ("postacie, sekret", "wariant zaawansowany: przeczytaj postacie graczy; twoja tajna "
         "litera"),
        ("żeton", "Bliźniacy, Kapelusznik: odrzuć żeton czasu, imbryk gra od nowa"),
        ("pomijam", "Kot z Cheshire: raz na rundę pomiń swoją kolejkę"),
        ("kapelusznik", "Kapelusznik: raz na rundę w tej kolejce żadna litera nie jest "
         "zakazana"),
        ("połóż literę", "Królowa Kier, Biały Królik: zaraz po swojej kolejce połóż tajną "
         "literę nad rzędem (albo: {word_lang:select:en=clown|*=klaun} +litera)"),
        ("jeszcze raz", "Dwójka Kier: raz na rundę gracz, który właśnie skończył, gra "
         "jeszcze jedną kolejkę"),
        ("gąsienica Ola", "Pan Gąsienica: połóż żeton przed graczem, którego imię (albo numer) "
         "podasz (na początku rundy)"),
        ("mówię tekst", "Za mało szaleństwa: mówisz poza kolejką; zakazana litera wyklucza"),
        ("czekam", "gdy odpadniesz: do końca rundy słyszysz mniej; jeszcze raz: wszystko"),
    ],
    "en": [
        ("⟦{word_lang:select:en=clown|*=klaun}⟧",
         "on your turn say a word on the theme — {word_lang:select:en=an English|*=a Polish} "
         "word, whatever the "
         "language you hear (or several: ⟦{word_lang:select:en=lion tamer|*=treser lwów}⟧)"),
        ("say ⟦{word_lang:select:en=time|*=czas}⟧",
         "say a word that sounds like a command (⟦{word_lang:select:en=time|*=czas}⟧, "
         "⟦{word_lang:select:en=yes|*=tak}⟧)"),
        ("theme 1", "the Queen of Hearts chooses theme 1 or 2"),
        ("challenge", "put the last word to the table's vote (does it fit the theme?)"),
        ("time up", "with no word in your turn: you are out of the round, as when the "
         "teapot stops"),
        ("yes", "in a vote: the word stands; \"no\": it goes"),
        ("theme, letters, words, scores", "read the theme, the forbidden letters, the words "
         "said, the scores"),
        ("characters, secret", "advanced game: read the players' characters; your secret "
         "letter"),
        ("token", "Twins, Hatter: spend a time token, the teapot starts again"),
        ("skip", "Cheshire Cat: once a round, skip your turn"),
        ("hatter", "Hatter: once a round, no letter is forbidden to you this turn"),
        ("lay letter", "Queen of Hearts, White Rabbit: right after your turn, lay your secret "
         "letter over the row (or: ⟦{word_lang:select:en=clown|*=klaun}⟧ +letter)"),
        ("again", "Two of Hearts: once a round, the player who just finished plays another "
         "turn"),
        ("caterpillar Ben", "Caterpillar: lay your token before the player you name (or "
         "number; as the round starts)"),
        ("chat text", "Not mad enough: speak out of turn; a forbidden letter puts you out"),
        ("wait", "once you are out: hear less until the round ends; again: everything"),
    ],
}

_SAY = {"powiedz": "pl", "say": "en"}
_TALK = {"mówię", "mowie", "chat"}
_THEME = {"temat": "pl", "theme": "en"}
_CHALLENGE = {"wyzwanie", "challenge", "głosowanie", "vote"}
_TIME = {"koniec czasu", "czas", "time up", "time"}
_TOKEN = {"żeton", "zeton", "żeton czasu", "zeton czasu", "token", "time token"}
_CAT = {"pomijam", "pomiń", "pomin", "znikam", "skip", "vanish"}
_HAT = {"kapelusznik", "hatter"}
_LAY = {"połóż literę", "poloz litere", "połóż", "poloz", "lay letter", "lay"}
_ENCORE = {"jeszcze raz", "dwójka", "dwojka", "again", "encore"}
_CATERPILLAR = {"gąsienica", "gasienica", "caterpillar"}
_WAIT = {"czekam", "wait"}
_OTHER_LETTER = re.compile(r"(.*[^\s+!])\s*[+!]([^\W\d_])")
"""A word, then a plus and one letter: meant as the secret letter, whichever was typed."""
_LAY_MARK = ("+litera", "+letter", "!litera", "!letter")
"""With the word: "klaun +litera". In Polish literary Braille + and ! are one cell (2-3-5),
which a Braille keyboard may send back as "!": both mean the same here."""


def _error(code: str, /, **params: Any) -> InputError:
    return InputError.coded(code, GAME, **params)


def _target(rest: str, view: Any) -> int:
    """A player by name (or its start), or by number from 1."""
    seat = find_seat(rest, view.get("seats", []))
    if seat is None:
        raise _who(view)
    return seat


def _who(view: Any) -> InputError:
    """Before whom? Said with the opponents' names, the first as the example."""
    others = [name for s, name in enumerate(view.get("seats", [])) if s != view.get("seat")]
    return _error("caterpillar_who", players=others, example=(others or ["?"])[0])


def _said(rest: str, view: Any) -> Say:
    """A word for the turn the view shows (``State.turn_mark``): typed now, it is for now."""
    turn = f"{view['round']}.{view['teapot']}" if "round" in view and "teapot" in view else ""
    secret = str(view.get("secret") or "").lower()
    # "bilet +e": the secret letter itself after the plus, as the prompt says it.
    marks = (*_LAY_MARK, *((f"+{secret}", f"!{secret}") if secret else ()))
    for mark in marks:
        if rest.endswith(mark) and rest[: -len(mark)].strip():
            return Say(rest[: -len(mark)].strip(), lay=True, turn=turn)
    other = _OTHER_LETTER.fullmatch(rest)
    if other is not None:
        # "bilet +x" with another letter than the secret one (or none): said, it was the
        # word "BILET +X", which the table voted out.
        if secret:
            raise _error("wrong_secret", letter=secret.upper(), word=other.group(1))
        raise _error("no_secret")
    return Say(rest, turn=turn)


def parse(line: str, view: Any) -> Move:
    text = " ".join(normalize(line).split())
    if not text:
        raise _error("empty_line")
    phase = view.get("phase")
    verb, _, rest = text.partition(" ")
    if verb in _SAY:
        if not rest:
            raise _error("say_what")
        return _said(rest, view)
    if verb in _TALK:
        if not rest:
            raise _error("say_what")
        return Talk(rest)
    if text in _TIME:
        return TimeUp()
    if text in _CHALLENGE:
        return Challenge()
    if verb in ("orzeczenie", "ruling") and parse_ballot(rest) is not None:
        return Ruling(bool(parse_ballot(rest)))
    if text in _TOKEN:
        return SpendToken()
    if text in _CAT:
        return TurnCat()
    if text in _HAT:
        return TurnHat()
    if text in _LAY:
        return LayLetter()
    if text in _ENCORE:
        return Encore()
    if text in _WAIT and phase in ("talk", "vote"):
        # In the round the rules refuse it, saying when it works: said as a word by a slip,
        # it put a child out ("powiedz czekam" says the word).
        return Wait()
    if verb in _CATERPILLAR and rest:
        return PlaceCaterpillar(_target(rest, view))
    seat = view.get("seat")
    if (view.get("madness") and phase in ("talk", "vote")
            and seat not in view.get("awaiting", ())):
        return Talk(text)  # "Za mało szaleństwa?": table talk counts too
    awaited = seat in view.get("awaiting", ())
    if phase in ("theme", "vote") and not awaited and parse_ballot(text) is None:
        # A word from a seat the table is not waiting for: the rules say what it waits for
        # (the Queen's choice, the others' ballots), where the table's "Teraz mówi: …" named
        # the voters to the speaker of the word voted on.
        return _said(text, view)
    if phase == "vote":
        ballot = parse_ballot(text)
        if ballot is None:
            raise _error("vote_yes_no")
        return Vote(ballot)
    if phase == "theme":
        if seat != view.get("current") or len(view.get("themes", ())) != 2:
            # Only Pan Gąsienica acts now besides the Queen.
            raise _who(view)
        number = rest if verb in _THEME else text
        if number in ("1", "2"):
            return ChooseTheme(int(number) - 1)
        raise _error("theme_number")
    if phase == "talk" and is_number(text):
        # The theme's number typed late (the Queen's "1" once the talk had begun), or a
        # slip: a number is no word, and the table would have had to vote on "1".
        raise _error("number_not_word")
    return _said(text, view)


_LINES: dict[type, tuple[str, str]] = {
    Challenge: ("wyzwanie", "challenge"),
    SpendToken: ("żeton", "token"),
    TurnCat: ("pomijam", "skip"),
    TurnHat: ("kapelusznik", "hatter"),
    LayLetter: ("połóż literę", "lay letter"),
    Encore: ("jeszcze raz", "again"),
    TimeUp: ("koniec czasu", "time up"),
    Wait: ("czekam", "wait"),
}


def to_command(move: Move, view: Any, lang: str = "en") -> str:
    pl = lang == "pl"
    if isinstance(move, ChooseTheme):
        return f"{'temat' if pl else 'theme'} {move.index + 1}"
    if isinstance(move, Say):
        mark = (" +litera" if pl else " +letter") if move.lay else ""
        return f"{'powiedz' if pl else 'say'} {move.text}{mark}"
    if isinstance(move, Talk):
        return f"{'mówię' if pl else 'chat'} {move.text}"
    if isinstance(move, Vote):
        return ("tak" if move.stands else "nie") if pl else ("yes" if move.stands else "no")
    if isinstance(move, Ruling):
        return ("orzeczenie " if pl else "ruling ") + ("tak" if move.stands else "nie")
    if isinstance(move, PlaceCaterpillar):
        seats = view.get("seats", []) if isinstance(view, dict) else []
        who = seats[move.target] if 0 <= move.target < len(seats) else str(move.target + 1)
        return f"{'gąsienica' if pl else 'caterpillar'} {who}"
    polish, english = _LINES[type(move)]
    return polish if pl else english


class Commands(CommandLanguage[Move, Any]):
    def parse(self, line: str, view: Any) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: Any, lang: str = "en") -> str:
        return to_command(move, view, lang)

    def help(self, lang: str) -> list[tuple[str, str]]:
        return HELP.get(lang, HELP["en"])

    def words_of(self, move: Move) -> list[str]:
        """The words said: ``glosnik`` is offered back as GŁOŚNIK, as the other games do,
        before the table votes a word out that the player never meant."""
        if isinstance(move, Say | Talk):
            return [w for w in move.text.split() if w.isalpha()]
        return []
