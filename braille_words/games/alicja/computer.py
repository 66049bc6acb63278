"""Alicja's computer player: it says a word of the theme's list that holds no letter forbidden
to it and repeats nothing said this round, challenges a word it cannot place (out of turn too,
through the table's ``react``), votes by the same list, and uses its character when that
helps — all from its own seat's view.

The theme lists are in ``data.toml`` (ours, a teacher may extend them). Out of words, a
computer turns the Cat or the Hatter if it holds one; else it still has to speak, and like a
person who could think of nothing better it says a word that puts it out. A beginner sometimes
fumbles, as the issue asks: now and then it blurts a word with a forbidden letter, or thinks
too long — and spends a time token then, if it has one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from braille_words.games.alicja.characters import CAT, DEUCE, HATTER
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Encore,
    Move,
    PlaceCaterpillar,
    Rules,
    Say,
    SpendToken,
    State,
    TimeUp,
    TurnCat,
    TurnHat,
    Vote,
    normalize,
    words_of,
)
from braille_words.games.kit import ComputerPlayer, Plan

LEVELS = ("beginner", "medium", "strong")
FUMBLE = 0.1
"""How often a beginner blurts a forbidden letter, and how often it thinks too long."""
THINK = {"beginner": (2.0, 6.0), "medium": (1.5, 4.0), "strong": (1.0, 2.5)}
"""Seconds a computer takes to answer, by level: a human-like time within the teapot."""
ENCORE_WHEN = 4
"""Dwójka Kier makes the last speaker talk again when this few words are left to say."""


def _said(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    return [(int(s), str(w)) for s, w in view["said"]]


def theme_words(rules: Rules, view: Mapping[str, Any]) -> tuple[str, ...]:
    return rules.data.themes[view["themes"][0]].words if len(view["themes"]) == 1 else ()


def safe_words(rules: Rules, view: Mapping[str, Any], *, suspects: bool = False) -> list[str]:
    """The theme's words this seat may say now: no letter forbidden to it, no repeat and
    nothing the program would suspect of deriving from a word said (``suspects``: those
    too — the table votes on them, and may keep them)."""
    said = _said(view)
    out = []
    for word in theme_words(rules, view):
        words = words_of(word)
        if any(x in w for w in words for x in view["forbidden"]):
            continue
        if rules._repeat(said, words) is not None:
            continue
        if not suspects and rules._suspect(said, words) is not None:
            continue
        out.append(word)
    return out


ABSTRACT = ("ość", "ness")
"""The endings of abstract nouns, Polish and English (radość, miłość; happiness, kindness):
no person, plant, animal, thing, action or title, so no word on a theme — the rulebook's own
example is "radość". Only with a stem of three letters or more: kość, gość and ość are things
and people. Played in English words, "happiness" on "weather" went unchallenged."""


def abstract(word: str) -> bool:
    return any(word.endswith(end) and len(word) - len(end) >= 3 for end in ABSTRACT)


def fits(rules: Rules, view: Mapping[str, Any], words: list[str]) -> bool:
    """Whether a word seems to fit: one of its words is on the theme's list, or none is an
    abstract noun and every one is a word the lexicon knows (a computer cannot tell a theme
    better than its list)."""
    known = {w for t in theme_words(rules, view) for w in words_of(t)}
    if any(w in known for w in words):
        return True
    content = [w for w in words if w not in rules.data.little]
    if any(abstract(w) for w in content):
        return False
    contains = getattr(rules.lexicon, "contains", None)
    return contains is None or all(contains(w) for w in content)


def _opponents(view: Mapping[str, Any]) -> list[int]:
    return [s for s in range(len(view["seats"])) if s != view["seat"]]


def _mark(view: Mapping[str, Any]) -> str:
    """The turn a word is thought of for (``State.turn_mark``, from the seat's view)."""
    return f"{view['round']}.{view['teapot']}"


def choose_move(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Move:
    view = state.view_for(seat)
    phase = view["phase"]
    if phase == "theme":
        if seat == view["current"] and len(view["themes"]) == 2:
            return ChooseTheme(rng.randrange(2))
        # Pan Gąsienica: before the leader, who is likely to last (a beginner guesses).
        others = _opponents(view)
        if level == "beginner":
            return PlaceCaterpillar(rng.choice(others))
        return PlaceCaterpillar(max(others, key=lambda s: (view["cups"][s], -s)))
    if phase == "vote" and view["last"] is not None:
        if view["suspect"]:
            # A word the theme's list holds as an entry of its own (KLIENTKA beside KLIENT,
            # JUGGLING beside JUGGLER) was counted apart by the list's author: it stands.
            # Any other it takes for a derivative, as the program suspects. A child who
            # followed the hint to such a word was always voted out by the computers.
            said = normalize(view["said"][view["last"]][1])
            return Vote(said in {normalize(w) for w in theme_words(rules, view)})
        return Vote(fits(rules, view, words_of(view["said"][view["last"]][1])))
    if phase != "talk":
        return TimeUp()
    if view["last"] is not None:
        speaker, text = view["said"][view["last"]]
        if speaker != seat and not fits(rules, view, words_of(text)):
            return Challenge()
    words = safe_words(rules, view)
    card = view["characters"][seat] if view["characters"] else ""
    upright = seat not in view["sideways"]
    just = view["just"]
    if (card == DEUCE and upright and just is not None and just != seat
            and just in view["active"] and len(words) <= ENCORE_WHEN):
        return Encore()
    if level == "beginner" and rng.random() < FUMBLE:
        slips = [w for w in theme_words(rules, view)
                 if any(x in w for x in view["forbidden"])]
        if slips:
            return Say(normalize(rng.choice(slips)), turn=_mark(view))
    if not words:
        if card == HATTER and upright:
            return TurnHat()
        if card == CAT and upright:
            return TurnCat()
        # Nothing safe left: like a person at a loss, it says a word of the theme anyway.
        theme = theme_words(rules, view)
        return Say(normalize(rng.choice(theme)) if theme else "herbata", turn=_mark(view))
    word = words[0] if level == "strong" else rng.choice(words[:4])
    return Say(normalize(word), lay=view["secret"] is not None, turn=_mark(view))


def react(rules: Rules, state: State, seat: int, level: str,
          rng: random.Random) -> Move | None:
    """Out of turn, right after a word: challenge it if it seems not to fit (a beginner does
    not dare), or, as an upright Dwójka Kier late in the round, make its speaker talk again."""
    view = state.view_for(seat)
    if view["phase"] != "talk":
        return None
    last = view["last"]
    if last is not None and level != "beginner":
        speaker, text = view["said"][last]
        if speaker != seat and not fits(rules, view, words_of(text)):
            return Challenge()
    card = view["characters"][seat] if view["characters"] else ""
    just = view["just"]
    if (card == DEUCE and seat in view["active"] and seat not in view["sideways"]
            and just is not None and just != seat and just in view["active"]
            and len(view["said"]) >= 2 * len(view["seats"]) and rng.random() < 0.5):
        return Encore()
    return None


def plan(rules: Rules, state: State, seat: int, level: str, rng: random.Random) -> Plan[Move]:
    """A human-like answer time within the teapot; a beginner now and then thinks too long —
    the teapot stops, unless it spends a time token first."""
    move = choose_move(rules, state, seat, level, rng)
    low, high = THINK.get(level, THINK["medium"])
    view = state.view_for(seat)
    if view["phase"] != "talk":
        return Plan(move, rng.uniform(1.0, 3.0))
    teapot = float(view["teapot_seconds"])
    if level == "beginner" and rng.random() < FUMBLE:
        tokens = view["tokens"][seat] if view["tokens"] else 0
        if tokens and (seat not in view["sideways"] or view["hat"]):
            return Plan(SpendToken(), teapot * 0.8)
        return Plan(move, teapot + 2.0)  # too slow: the teapot runs out first
    return Plan(move, min(rng.uniform(low, high), teapot * 0.6))


class Computer(ComputerPlayer[Rules, State, Move]):
    levels = LEVELS

    def choose_move(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move:
        return choose_move(rules, state, seat, level, rng)

    def plan(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Plan[Move]:
        return plan(rules, state, seat, level, rng)

    def react(
        self, rules: Rules, state: State, seat: int, level: str, rng: random.Random
    ) -> Move | None:
        return react(rules, state, seat, level, rng)

    def hint(self, rules: Rules, state: State, seat: int) -> Move | None:
        if state.phase == "theme" and seat == state.current and len(state.themes) == 2:
            # The Queen of Hearts asking for help heard "I cannot think of a word": the hint
            # is the choice to type ("theme 1").
            return ChooseTheme(0)
        if state.phase != "talk":
            return None
        # Out of safe words, a word only suspected of deriving from one said is still a
        # chance (the table votes, a tie keeps it): a child told "no idea" gave up while a
        # computer said JUGGLING after JUGGLER and the table kept it.
        view = state.view_for(seat)
        words = safe_words(rules, view) or safe_words(rules, view, suspects=True)
        return Say(normalize(words[0])) if words else None

    def fallback_move(self, rules: Rules, state: State, seat: int) -> Move | None:
        if state.phase == "theme":
            if seat == state.current and len(state.themes) == 2:
                return ChooseTheme(0)
            return PlaceCaterpillar((seat + 1) % len(state.seats))
        if state.phase == "vote":
            # A word planned before a challenge came in is refused in the vote: the computer
            # votes as it would have, not blindly yes.
            return choose_move(rules, state, seat, "medium", random.Random(len(state.said)))
        if state.phase == "talk" and seat == state.current:
            # A move thought of for another moment (a vote closed by the teacher, a word
            # meant for the turn before Dwójka Kier's extra one): think again, now — not a
            # time-up that put a computer out with its teapot still full.
            again = choose_move(rules, state, seat, "medium", random.Random(len(state.said)))
            if isinstance(again, (Say, TurnCat, TurnHat)):
                return again
            words = safe_words(rules, state.view_for(seat))
            if words:
                return Say(normalize(words[0]), turn=state.turn_mark)
        return TimeUp()
