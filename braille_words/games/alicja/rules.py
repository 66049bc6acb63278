"""Alicja w Krainie Słów: say a word on the theme, never a forbidden letter.

A round: the Queen of Hearts (the round's first player) draws two themes and keeps one, the
forbidden letters are drawn (basic: one blue, one purple; advanced: and a green), and the
players take turns saying a word (or words) on the theme, each within the teapot's time. A
forbidden letter anywhere, a word already said this round (or another form of it, or one of
its family), or the teapot running out puts the speaker out; a word any other player
challenges — or one the program only suspects of deriving from an earlier word — is put to a
vote, and goes out only if more vote against it than for it. Players out take the scoring
cards in order; the last one standing takes the last card. As many rounds as players; most
cups wins, ties share.

The advanced game deals the eight characters (``characters.py``): secret letters laid over the
row (Queen, Rabbit), time tokens (Twins, Hatter), a skipped turn (Cat), a turn free of letters
(Hatter), an opponent's extra turn (Dwójka Kier), half cards as bonuses (Alicja, Caterpillar).
"Za mało szaleństwa?" checks words typed out of turn too (``Talk``).

The values the rulebook leaves out (cups per card, the letter deck, the teapot) are ours, in
``data.toml`` and the rules README.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from braille_words.errors import InputError
from braille_words.games.alicja import characters as ch
from braille_words.games.alicja.data import Data, Theme, load_data, normalize, words_of
from braille_words.games.alicja.moves import (
    Challenge,
    ChooseTheme,
    Encore,
    LayLetter,
    Move,
    Options,
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
    move_from_json,
)
from braille_words.games.alicja.state import GAME_ID, State, state_from_json
from braille_words.games.base import Event, ReasonCodes
from braille_words.games.interface import GameRules
from braille_words.lexicon.english_forms import english_lemmas

__all__ = [
    "EVENT_KINDS", "GAME_ID", "PLAYERS", "REASON_CODES", "Challenge", "ChooseTheme", "Data",
    "Encore", "LayLetter", "Move", "Options", "PlaceCaterpillar", "Rules", "Ruling", "Say",
    "SpendToken", "State", "Talk", "Theme", "TimeUp", "TurnCat", "TurnHat", "Vote",
    "Wait", "load_data", "move_from_json", "normalize", "words_of",
]

PLAYERS = (3, 8)

EVENT_KINDS: dict[str, str] = {
    "game_started": "Alicja begins: {players} players, {rounds} rounds.",
    "round_started": "Round {round}: player {queen} is the Queen of Hearts.",
    "characters_dealt": "The characters: {cards}.",
    "secret_letter": "Your secret letter: {letter}.",
    "caterpillar_placed": "Pan Gąsienica lays his token before player {target}.",
    "themes_drawn": "The Queen draws two themes: {first} or {second}.",
    "theme_chosen": "The theme is {theme}. Forbidden letters: {letters}.",
    "turn_started": "Player {seat}'s turn.",
    "word_said": "Player {seat} says {words}.",
    "table_talk": "Player {seat}, out of turn: {words}.",
    "player_out": "Player {seat} is out ({why}) and takes card {card}.",
    "quiet_on": "Until the round ends you are told only who goes out and the cups.",
    "quiet_off": "You hear everything again.",
    "challenged": "Player {challenger} challenges {words} of player {seat}: vote.",
    "suspected": "{words} may derive from {earlier}: the table votes.",
    "vote_cast": "Player {seat} votes.",
    "vote_result": "For {yes}, against {no}: {words} {result}.",
    "letter_laid": "Player {seat} lays {letter} over the row.",
    "letter_discarded": "{letter} leaves the row.",
    "token_spent": "Player {seat} spends a time token: the teapot starts again.",
    "cat_skips": "The Cheshire Cat, player {seat}, skips this turn.",
    "hatter_flips": "The Hatter, player {seat}, ignores every forbidden letter this turn.",
    "deuce_encore": "Dwójka Kier, player {seat}: player {target} plays another turn.",
    "bonus": "Player {seat} ({character}) gets {cups} more cups.",
    "round_won": "Player {seat} stays to the end and takes card {card}.",
    "cups_scored": "Cups this round: {cups}.",
    "game_over": "The game is over.",
}

REASON_CODES = ReasonCodes({
    "game_ended": "The game is over.",
    "not_your_turn": "It is player {player}'s turn.",
    "queen_chooses": "The Queen of Hearts chooses the theme first.",
    "empty": "Say a word.",
    "no_vote": "There is nothing to vote on.",
    "no_teapot": "The teapot is not timing anyone now.",
    "nothing_to_challenge": "There is no word to challenge now.",
    "own_word": "You cannot challenge your own word.",
    "already_voted": "You have already voted.",
    "not_a_voter": "The speaker does not vote on their own word.",
    "bad_theme": "Choose theme 1 or 2.",
    "not_advanced": "Characters play only in the advanced game.",
    "not_your_character": "That is the ability of {character}, not yours.",
    "card_turned": "Your card is turned: its ability is spent this round.",
    "you_are_out": "You are out of this round; your card is face down.",
    "no_tokens": "You have no time token left.",
    "only_in_turn": "Only in your own turn.",
    "no_secret": "You have no secret letter to lay.",
    "lay_after_turn": "Lay your letter right after your own turn, before the next word.",
    "no_encore": "Dwójka Kier acts right after an opponent's word stands.",
    "bad_target": "Lay the token before an opponent: a player number from {low} to {high}.",
    "token_placed": "Pan Gąsienica's token is already placed.",
    "vote_on": "A vote is on: say yes or no.",
    "vote_yours": "The table is voting on your word; wait for the result.",
    "caterpillar_first": "Pan Gąsienica lays his token first.",
    "no_talk": "Table talk is checked only in the \"Za mało szaleństwa?\" variant.",
    "stale_word": "That word was thought of for an earlier turn.",
    "out_of_round": "You are out of this round: you play again in the next.",
    "wait_in_round": "You hear less once you are out of the round; now you are in it.",
})


_reason, _refuse = REASON_CODES.reason, REASON_CODES.refuse


def _after(order: Sequence[int], seat: int) -> int:
    """The player on ``seat``'s left among ``order`` (``seat`` still in it)."""
    k = order.index(seat) if seat in order else 0
    return order[(k + 1) % len(order)]


class Rules(GameRules[State, Move]):
    """Alicja's rules. ``lexicon`` gives lemmas (another form of a word already said) and
    guessed roots (a suspected derivative goes to a vote); no word is refused for being absent
    from it — fit is the table's question."""

    table_moves = (TimeUp, Ruling)

    def __init__(self, lexicon: Any, options: Options | None = None,
                 data: Data | None = None) -> None:
        self.lexicon = lexicon
        self.options = options or Options()
        self.data = data or load_data()
        lemmas = getattr(lexicon, "lemmas", None)
        self._lemmas: Callable[[str], Sequence[str] | None] | None = (
            lemmas if callable(lemmas) else None)
        if getattr(lexicon, "lang", "pl") == "en" and callable(getattr(lexicon, "contains", None)):
            # English has no lemma file: another form of a word (CATS, MICE, BAKED) is read
            # from the word itself (``english_forms``), so it is a repeat as in Polish.
            self._lemmas = functools.partial(english_lemmas, contains=lexicon.contains)
        kinship = getattr(lexicon, "kinship", None)
        self._kinship: Callable[[str, str], Any] | None = kinship if callable(kinship) else None

    # ---- set-up

    def new(self, seats: Sequence[str], seed: int) -> tuple[State, list[Event]]:
        n = len(seats)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise InputError(f"Alicja is for {PLAYERS[0]} to {PLAYERS[1]} players, not {n}")
        pool = [i for i, t in enumerate(self.data.themes)
                if t.children or not self.options.children]
        random.Random(seed).shuffle(pool)
        opts = self.options
        seconds = opts.teapot_seconds or (
            self.data.teapot_advanced if opts.advanced else self.data.teapot_seconds)
        cards = ch.deal(n, seed) if opts.advanced else ()
        state = State(seats=tuple(seats), seed=seed, round=0, queen=0, phase="theme",
                      themes=(), letters=(), active=(), current=0, cups=(0,) * n,
                      deck=tuple(pool), options=opts, teapot_seconds=seconds,
                      characters=cards)
        events = [Event("game_started", {"players": n, "rounds": n})]
        state = self._start_round(state, 1, 0, events)
        return state, events

    def _start_round(self, state: State, number: int, queen: int,
                     events: list[Event]) -> State:
        """Setting the table: fresh, reshuffled letter stacks every round (the rules README),
        the characters' secret letters and tokens, two themes for the Queen, the row."""
        n = len(state.seats)
        deck = state.deck
        drawn, deck = deck[:2], deck[2:] + deck[:2]
        events.append(Event("round_started", {"round": number, "queen": queen}))
        rng = random.Random(f"{state.seed}/{number}")
        stacks = {colour: list(getattr(self.data, colour))
                  for colour in ("blue", "purple", "green", "red")}
        for stack in stacks.values():
            rng.shuffle(stack)
        cards = state.characters
        secrets: list[tuple[int, str]] = []
        if cards:
            events.append(Event("characters_dealt", {"cards": [[s, c] for s, c in
                                                               enumerate(cards)]}))
            # The Rabbit draws before the Queen lays the row (the rulebook's order).
            for who in (ch.RABBIT, ch.QUEEN):
                if who in cards:
                    seat = cards.index(who)
                    letter = stacks[ch.SECRET_COLOUR[who]].pop(0)
                    secrets.append((seat, letter))
                    events.append(Event("secret_letter", {"letter": letter.upper(),
                                                          "colour": ch.SECRET_COLOUR[who]},
                                        to=seat))
        opts = state.options
        if opts.children:
            row = [stacks["blue"].pop(0)] * opts.children_letters
        else:
            row = [stacks["blue"].pop(0), stacks["purple"].pop(0)]
            if opts.advanced or opts.madness:
                row.append(stacks["green"].pop(0))
            if opts.madness:
                row.append(stacks["red"].pop(0))
                extra = ("blue", "purple")
                row += [stacks[extra[k % 2]].pop(0) for k in range(opts.wild_letters - 4)]
        names = [self.data.themes[i].name for i in drawn]
        events.append(Event("themes_drawn", {"queen": queen, "first": names[0],
                                             "second": names[1]}))
        order = tuple((queen + k) % n for k in range(n))
        tokens = tuple(ch.TIME_TOKENS.get(c, 0) for c in cards)
        return replace(state, round=number, queen=queen, phase="theme", themes=drawn,
                       letters=tuple(row), active=order, current=queen, said=(), out=(),
                       last=None, challenger=None, votes=(), deck=deck, suspect="",
                       sideways=(), tokens=tokens, secrets=tuple(secrets), laid=(),
                       caterpillar=None, hat=False, just=None, teapot=0)

    # ---- json

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        return move_from_json(data)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return state_from_json(data)

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """What ``seat`` cannot know: the order of the theme cards, and every other player's
        secret letter before it is laid."""
        rest = list(state.deck)
        rng.shuffle(rest)
        secrets = []
        for owner, letter in state.secrets:
            if owner != seat:
                colour = ch.SECRET_COLOUR[state.character(owner)]
                letter = rng.choice(getattr(self.data, colour))
            secrets.append((owner, letter))
        return replace(state, deck=tuple(rest), secrets=tuple(secrets))

    def may_act(self, state: State, seat: int, move: Move) -> bool:
        # Out of turn: a challenge of the last word, Dwójka Kier's extra turn and a letter laid
        # right after one's turn (their windows are judged by the rules), and, in "Za mało
        # szaleństwa?", anything said at the table. While the Queen chooses and while the
        # table votes, every line reaches the rules, which say what the table waits for: a
        # voter typing "wyzwanie" heard "Teraz mówi: Jan, Ewa" with her own name in it.
        if state.phase in ("theme", "vote"):
            return True
        if isinstance(move, Challenge):
            return state.phase == "talk" and state.last is not None
        if isinstance(move, (Encore, LayLetter)):
            return state.phase == "talk"
        if isinstance(move, Talk):
            return state.options.madness and state.phase in ("talk", "vote")
        if isinstance(move, Vote):  # a second ballot, or the speaker's: the rules say why
            return state.phase == "vote"
        if isinstance(move, Wait):  # a player out of the round, any time in it
            return state.phase in ("talk", "vote")
        if isinstance(move, (SpendToken, TurnCat, TurnHat)) or (
                isinstance(move, Say) and seat not in state.active):
            # Refused, but by the rules, with what to do: "only in your own turn", "you are
            # out of this round" — not the table's "someone else is speaking".
            return state.phase == "talk"
        return super().may_act(state, seat, move)

    def teacher_ruling(self, state: State, stands: bool) -> tuple[int, Move] | None:
        if state.phase == "vote":
            return state.current, Ruling(stands)
        return None

    def time_up(self, state: State) -> tuple[int, Move] | None:
        if state.phase in ("talk", "vote"):
            return state.current, TimeUp()
        return None

    # ---- moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise _refuse("game_ended")
        events: list[Event] = []
        if isinstance(move, TimeUp):
            if state.phase == "vote":
                return self._count(state, events)
            if state.phase != "talk":
                # Only a person types it here (the clock never calls time outside a turn).
                raise _refuse("no_teapot")
            return self._goes_out(state, state.current, "time", events)
        if isinstance(move, Ruling):
            if state.phase != "vote":
                raise _refuse("no_vote")
            # The teacher's word: counted as if every vote had gone that way.
            voters = sorted(state.awaiting | {s for s, _ in state.votes})
            return self._count(replace(state, votes=tuple((s, move.stands) for s in voters)),
                               events)
        if state.phase == "vote" and not isinstance(move, (Vote, Talk, Wait)):
            # What the table waits for now: the others' ballots.
            speaker = state.said[state.last][0] if state.last is not None else None
            if seat == speaker:
                raise _refuse("vote_yours")
            raise _refuse("already_voted" if any(s == seat for s, _ in state.votes)
                          else "vote_on")
        if isinstance(move, Challenge):
            return self._challenge(state, seat, events)
        if isinstance(move, Vote):
            return self._vote(state, seat, move, events)
        if isinstance(move, Talk):
            return self._talk(state, seat, move, events)
        if isinstance(move, Wait):
            return self._wait(state, seat, events)
        if isinstance(move, (LayLetter, Encore, PlaceCaterpillar)):
            return self._reaction(state, seat, move, events)
        if state.phase == "vote":
            raise _refuse("vote_on")
        if state.phase == "theme":
            if isinstance(move, ChooseTheme) and seat == state.current:
                return self._choose(state, move, events)
            raise _refuse("queen_chooses" if len(state.themes) == 2 else "caterpillar_first")
        if seat not in state.active and isinstance(move, (Say, SpendToken, TurnCat, TurnHat)):
            raise _refuse("out_of_round")
        if seat != state.current:
            if isinstance(move, (SpendToken, TurnCat, TurnHat)):
                raise _refuse("only_in_turn")
            raise _refuse("not_your_turn", player=state.current + 1)
        if isinstance(move, ChooseTheme):
            raise _refuse("bad_theme")
        if isinstance(move, Say):
            return self._spoken(state, seat, move, events)
        if isinstance(move, (SpendToken, TurnCat, TurnHat)):
            return self._ability(state, seat, move, events)
        raise InputError(f"not an Alicja move: {move!r}")

    def _choose(self, state: State, move: ChooseTheme,
                events: list[Event]) -> tuple[State, list[Event]]:
        if state.phase != "theme" or len(state.themes) != 2 or move.index not in (0, 1):
            raise _refuse("bad_theme")
        state = replace(state, themes=(state.themes[move.index],))
        return self._maybe_talk(state, events)

    def _maybe_talk(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """The conversation starts once the theme is chosen and the caterpillar placed."""
        if state.awaiting:
            return state, events
        events.append(Event("theme_chosen", {
            "theme": self.data.themes[state.themes[0]].name,
            "letters": [x.upper() for x in state.letters]}))
        return self._begin_turn(replace(state, phase="talk"), state.queen, events), events

    def _begin_turn(self, state: State, seat: int, events: list[Event]) -> State:
        """A turn starts with a full teapot; the placer's laid letter leaves the row at the
        start of their next turn (a turn Dwójka Kier forces counts too)."""
        laid = state.laid
        if laid and laid[0][0] == seat:
            events.append(Event("letter_discarded", {"letter": laid[0][1].upper(),
                                                     "seat": seat}))
            laid = ()
        events.append(Event("turn_started", {"seat": seat, **self._hush(state)}))
        return replace(state, current=seat, teapot=state.teapot + 1, hat=False, laid=laid,
                       just=None)

    # ---- words

    def _spoken(self, state: State, seat: int, move: Say,
                events: list[Event]) -> tuple[State, list[Event]]:
        if move.turn and move.turn != state.turn_mark:
            raise _refuse("stale_word")
        words = words_of(move.text)
        if not words:
            raise _refuse("empty")
        if move.lay:
            self._check_lay(state, seat, window=False)
        text = " ".join(words)
        events.append(Event("word_said", {"seat": seat, "words": text, **self._hush(state)}))
        said = (*state.said, (seat, text))
        forbidden = state.forbidden_for(seat)
        state = replace(state, said=said, last=None)
        bad = sorted({x for w in words for x in forbidden if x in w})
        if bad:
            return self._goes_out(state, seat, "letter", events,
                                  letters=[x.upper() for x in bad])
        repeat = self._repeat(state.said[:-1], words)
        if repeat is not None:
            # The earlier word, who said it and how this one repeats it (issue 33: "EKRANIK
            # — już padło: EKRANIK" and "LEKARSTWO — już padło: LEKARZ" sounded alike).
            old, by, word, relation = repeat
            return self._goes_out(state, seat, "repeat", events, earlier=old.upper(), by=by,
                                  word=word.upper(), relation=relation)
        state = replace(state, last=len(said) - 1)
        if move.lay:  # laid as the turn ends, before the next one starts
            state = self._lay(state, seat, events)
        nxt = _after(state.active, seat)
        suspect = self._suspect(state.said[:-1], words)
        if suspect is not None:
            # The table votes first: the next turn begins (and is announced) when the vote
            # is over. "Ben's turn" said before the vote had Ben speak into it.
            events.append(Event("suspected", {"seat": seat, "words": text,
                                              "earlier": suspect.upper()}))
            return replace(state, phase="vote", challenger=None, votes=(), suspect=suspect,
                           current=nxt, teapot=state.teapot + 1, hat=False,
                           just=seat), events
        return replace(self._begin_turn(state, nxt, events), just=seat), events

    def _wait(self, state: State, seat: int,
              events: list[Event]) -> tuple[State, list[Event]]:
        """"czekam": a player out of the round hears less until it ends; said again, all."""
        if seat in state.active or state.phase not in ("talk", "vote"):
            raise _refuse("wait_in_round")
        if seat in state.quiet:
            events.append(Event("quiet_off", {}, to=seat))
            return replace(state, quiet=tuple(s for s in state.quiet if s != seat)), events
        events.append(Event("quiet_on", {}, to=seat))
        return replace(state, quiet=(*state.quiet, seat)), events

    @staticmethod
    def _hush(state: State) -> dict[str, Any]:
        """What an event a waiting player need not hear carries: who asked for quiet."""
        return {"hush": list(state.quiet)} if state.quiet else {}

    def _content(self, words: Sequence[str]) -> list[str]:
        return [w for w in words if w not in self.data.little]

    def _forms(self, word: str) -> set[str]:
        """The word, its lemmas, and the family the data file lists for any of them."""
        forms = {word}
        if self._lemmas is not None:
            # A word the lexicon cannot even look up (café, +) has no lemmas.
            with contextlib.suppress(InputError):
                forms |= set(self._lemmas(word) or ())
        for form in list(forms):
            forms |= self.data.families.get(form, frozenset())
        return forms

    def _earlier(self, earlier: Sequence[tuple[int, str]]) -> list[str]:
        return [w for _, text in earlier for w in self._content(text.split())]

    def _lemma_set(self, word: str) -> set[str]:
        if self._lemmas is None:
            return {word}
        try:
            return {word, *(self._lemmas(word) or ())}
        except InputError:
            return {word}

    def _repeat(self, earlier: Sequence[tuple[int, str]], words: Sequence[str]
                ) -> tuple[str, int, str, str] | None:
        """An earlier word that one of ``words`` repeats, or is another form of: (the earlier
        word, the seat that said it, the word said now, how: "same", "form" (a form of one
        lemma, LWA after LEW) or "family" (the data file's family, LEKARSTWO after LEKARZ))."""
        for word in self._content(words):
            mine = self._forms(word)
            for by, text in earlier:
                for old in self._content(text.split()):
                    if old == word:
                        return old, by, word, "same"
                    if mine & self._forms(old):
                        form = self._lemma_set(word) & self._lemma_set(old)
                        return old, by, word, "form" if form else "family"
        return None

    def _suspect(self, earlier: Sequence[tuple[int, str]], words: Sequence[str]) -> str | None:
        """An earlier word one of ``words`` probably derives from, by the lexicon's guessed
        roots (rybak after ryba): the program is not sure, so the table votes. Compounds
        (domofon) and look-alikes (kotlet) have no shared root and are not suspected."""
        if self._kinship is None:
            return None
        before = self._earlier(earlier)
        for word in self._content(words):
            for old in before:
                try:
                    if self._kinship(word, old) is not None:
                        return old
                except InputError:  # not Polish letters (café, +, 3): no guessed root
                    continue
        return None

    def _talk(self, state: State, seat: int, move: Talk,
              events: list[Event]) -> tuple[State, list[Event]]:
        """"Za mało szaleństwa?": a forbidden letter said at any time puts its speaker out."""
        if not self.may_act(state, seat, move):
            raise _refuse("no_talk")
        words = words_of(move.text)
        if not words:
            raise _refuse("empty")
        events.append(Event("table_talk", {"seat": seat, "words": " ".join(words)}))
        if seat not in state.active:
            return state, events
        forbidden = state.forbidden_for(seat, in_turn=False)
        bad = sorted({x for w in words for x in forbidden if x in w})
        if not bad:
            return state, events
        return self._goes_out(state, seat, "slip", events, letters=[x.upper() for x in bad])

    # ---- going out

    def _goes_out(self, state: State, seat: int, why: str, events: list[Event],
                  **params: Any) -> tuple[State, list[Event]]:
        """``seat`` leaves the round with the next scoring card, and the round goes on: the
        turn passes on if it was theirs; a vote on their word ends with them."""
        nxt = _after(state.active, seat)
        # Who is still in: the player going out hears it, and how to wait quietly.
        left = [s for s in state.active if s != seat]
        events.append(Event("player_out", {"seat": seat, "why": why,
                                           "card": len(state.out) + 1, "left": left,
                                           **params}))
        laid = state.laid
        if laid and laid[0][0] == seat:  # a laid letter whose placer goes out leaves at once
            events.append(Event("letter_discarded", {"letter": laid[0][1].upper(),
                                                     "seat": seat}))
            laid = ()
        active = tuple(s for s in state.active if s != seat)
        state = replace(state, active=active, out=(*state.out, seat), laid=laid,
                        just=None if state.just == seat else state.just)
        if len(active) == 1:
            return self._end_round(state, events)
        if state.phase == "vote":
            speaker = state.said[state.last][0] if state.last is not None else None
            if seat == speaker:  # the word voted on has gone with its speaker
                state = replace(state, phase="talk", challenger=None, votes=(), last=None,
                                suspect="")
                turn = nxt if state.current == seat else state.current
                return self._begin_turn(state, turn, events), events
            if seat == state.current:
                state = replace(state, current=nxt)
            return state, events
        if seat == state.current:
            state = self._begin_turn(replace(state, last=None), nxt, events)
        return state, events

    # ---- challenges and votes

    def _challenge(self, state: State, seat: int,
                   events: list[Event]) -> tuple[State, list[Event]]:
        if state.phase != "talk" or state.last is None:
            raise _refuse("nothing_to_challenge")
        speaker, words = state.said[state.last]
        if seat == speaker:
            raise _refuse("own_word")
        events.append(Event("challenged", {"challenger": seat, "seat": speaker,
                                           "words": words}))
        return replace(state, phase="vote", challenger=seat, votes=()), events

    def _vote(self, state: State, seat: int, move: Vote,
              events: list[Event]) -> tuple[State, list[Event]]:
        if state.phase != "vote" or state.last is None:
            raise _refuse("no_vote")
        speaker = state.said[state.last][0]
        if seat == speaker:
            raise _refuse("not_a_voter")
        if any(s == seat for s, _ in state.votes):
            raise _refuse("already_voted")
        state = replace(state, votes=(*state.votes, (seat, move.stands)))
        events.append(Event("vote_cast", {"seat": seat, **self._hush(state)}))
        if not state.awaiting:
            return self._count(state, events)
        return state, events

    def _count(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """More against than for: the speaker is out; a tie, or abstentions, keep the word.
        The teapot stood still during the vote: the next player starts with a full one."""
        assert state.last is not None
        speaker, words = state.said[state.last]
        yes = sum(1 for _, v in state.votes if v)
        no = sum(1 for _, v in state.votes if not v)
        stands = no <= yes
        events.append(Event("vote_result", {"yes": yes, "no": no, "words": words,
                                            "stands": stands}))
        if not stands:  # still a vote: going out closes it and starts the next turn
            # Why the table voted: a suspected derivative, or a challenge on the theme.
            why = ({"about": "family", "earlier": state.suspect.upper()} if state.suspect
                   else {"about": "theme", "theme": state.themes[0] if state.themes else -1})
            return self._goes_out(state, speaker, "vote", events, words=words.upper(), **why)
        state = replace(state, phase="talk", challenger=None, votes=(), last=None, suspect="")
        state = self._begin_turn(state, state.current, events)
        return replace(state, just=speaker if speaker in state.active else None), events

    # ---- characters

    def _character(self, state: State, seat: int, character: str) -> None:
        """Refused unless ``seat`` holds ``character``, is in the round, its card upright."""
        if not state.advanced:
            raise _refuse("not_advanced")
        if state.character(seat) != character:
            raise _refuse("not_your_character", character=character)
        if seat not in state.active:
            raise _refuse("you_are_out")
        if seat in state.sideways:
            raise _refuse("card_turned")

    def _ability(self, state: State, seat: int, move: Move,
                 events: list[Event]) -> tuple[State, list[Event]]:
        """An ability used in one's own turn: a time token, the Cat's skip, the Hatter's hat."""
        if isinstance(move, SpendToken):
            mine = state.character(seat)
            if not state.advanced:
                raise _refuse("not_advanced")
            if mine not in ch.TIME_TOKENS:
                raise _refuse("not_your_character", character=ch.TWINS)
            # The Hatter may still spend his token in the turn he turned his card.
            if seat in state.sideways and not (mine == ch.HATTER and state.hat):
                raise _refuse("card_turned")
            if state.tokens[seat] <= 0:
                raise _refuse("no_tokens")
            tokens = list(state.tokens)
            tokens[seat] -= 1
            events.append(Event("token_spent", {"seat": seat, "left": tokens[seat]}))
            return replace(state, tokens=tuple(tokens), teapot=state.teapot + 1), events
        if isinstance(move, TurnCat):
            self._character(state, seat, ch.CAT)
            events.append(Event("cat_skips", {"seat": seat}))
            state = replace(state, sideways=(*state.sideways, seat), last=None)
            return self._begin_turn(state, _after(state.active, seat), events), events
        self._character(state, seat, ch.HATTER)
        events.append(Event("hatter_flips", {"seat": seat}))
        return replace(state, sideways=(*state.sideways, seat), hat=True), events

    def _reaction(self, state: State, seat: int, move: Move,
                  events: list[Event]) -> tuple[State, list[Event]]:
        """Abilities used outside one's turn: the token set before the talk, a secret letter
        laid right after one's turn, Dwójka Kier's extra turn right after an opponent's."""
        if isinstance(move, PlaceCaterpillar):
            if not state.advanced:
                raise _refuse("not_advanced")
            if state.character(seat) != ch.CATERPILLAR:
                raise _refuse("not_your_character", character=ch.CATERPILLAR)
            if state.phase != "theme" or state.caterpillar is not None:
                raise _refuse("token_placed")
            n = len(state.seats)
            if not 0 <= move.target < n or move.target == seat:
                raise _refuse("bad_target", low=1, high=n)
            events.append(Event("caterpillar_placed", {"seat": seat, "target": move.target}))
            return self._maybe_talk(replace(state, caterpillar=move.target), events)
        if isinstance(move, LayLetter):
            self._check_lay(state, seat, window=True)
            return self._lay(state, seat, events), events
        self._character(state, seat, ch.DEUCE)
        target = state.just
        if state.phase != "talk" or target is None or target == seat \
                or target not in state.active:
            raise _refuse("no_encore")
        events.append(Event("deuce_encore", {"seat": seat, "target": target}))
        state = replace(state, sideways=(*state.sideways, seat), last=None)
        return self._begin_turn(state, target, events), events

    def _check_lay(self, state: State, seat: int, *, window: bool) -> None:
        if not state.advanced:
            raise _refuse("not_advanced")
        if not any(s == seat for s, _ in state.secrets):
            raise _refuse("no_secret")
        if seat not in state.active:
            raise _refuse("you_are_out")
        if window and (state.phase != "talk" or state.just != seat):
            raise _refuse("lay_after_turn")

    def _lay(self, state: State, seat: int, events: list[Event]) -> State:
        """The secret letter over the row, forbidden to the placer's opponents; a letter the
        other one laid there before is discarded."""
        letter = next(x for s, x in state.secrets if s == seat)
        if state.laid:
            events.append(Event("letter_discarded", {"letter": state.laid[0][1].upper(),
                                                     "seat": state.laid[0][0]}))
        events.append(Event("letter_laid", {"seat": seat, "letter": letter.upper(),
                                            "character": state.character(seat)}))
        return replace(state, laid=((seat, letter),),
                       secrets=tuple((s, x) for s, x in state.secrets if s != seat))

    # ---- cleaning up

    def _end_round(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        n = len(state.seats)
        winner = state.active[0]
        events.append(Event("round_won", {"seat": winner, "card": n}))
        order = (*state.out, winner)
        cups = list(state.cups)
        got = []
        value_of = {seat: self.data.cup_value(k, n) for k, seat in enumerate(order, start=1)}
        for seat in order:
            cups[seat] += value_of[seat]
            got.append([seat, value_of[seat]])
        scored: dict[str, Any] = {"cups": got}
        events.append(Event("cups_scored", scored))
        # Alicja and Pan Gąsienica score at cleanup even when they went out (the README).
        for seat, card in enumerate(state.characters):
            bonus = 0
            if card == ch.ALICE:
                bonus = ch.half(value_of[seat])
            elif card == ch.CATERPILLAR and state.caterpillar is not None:
                bonus = ch.half(value_of[state.caterpillar])
            if bonus:
                cups[seat] += bonus
                events.append(Event("bonus", {"seat": seat, "character": card, "cups": bonus}))
        # Each player's total after the round, bonuses in: the score a short display shows
        # in place of the round's cups, card by card.
        scored["totals"] = list(cups)
        state = replace(state, cups=tuple(cups), out=order, active=(), quiet=())
        if state.round >= n:
            events.append(Event("game_over", {"scores": cups,
                                              "winners": state.result()["winners"]}))
            return replace(state, phase="over", current=-1), events
        if state.characters:
            state = replace(state, characters=ch.passed_left(state.characters))
        state = self._start_round(state, state.round + 1, (state.queen + 1) % n, events)
        return state, events
