"""The English move generators and finders against the Polish ones, in the same run.

Issue 38: a game played in English words must think about as fast as the same game in Polish
words: within 2× on the same machine in the same run. For each of the four games that take
``--words`` (Word Rummikub, Wordsy, Card Scrabble, Alice in Wordland) this plays seeded
computer games in both word languages on the full compiled lexicons and times every computer
move (``choose_move``: the generator or finder with its choice), in CPU seconds of this
process (time.process_time: the machine is shared). It prints each game's English median,
mean and worst beside the Polish ones, as ratios: the ratio, not the seconds, is what to
read on a loaded machine. The goal is on the mean and the worst: most moves of a turn are
quick answers (a verdict, "done"), so the median may time only those. One move of each is
made untimed first: what a language loads once is start-up. Two levels: strong (the whole
lexicon) and medium (common words only, from each language's word frequencies).

    .venv/bin/python benchmarks/bench_english_words.py [--moves 40] [--games 2]
    .venv/bin/python benchmarks/bench_english_words.py --quick   # a few moves: proves it runs
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

GAMES = ("word_rummikub", "seven_words", "scrabble_cards", "alicja")
TITLES = {"word_rummikub": "Word Rummikub", "seven_words": "Wordsy (7 słów)",
          "scrabble_cards": "Card Scrabble", "alicja": "Alice in Wordland"}
LEVELS = ("strong", "medium")
GOAL_RATIO = 2.0
SEATS = ["A", "B", "C"]


def move_times(game: str, words: str, level: str, games: int, moves: int) -> list[float]:
    """CPU seconds of each computer move of ``games`` seeded games (at most ``moves`` each)."""
    from braille_words.games.registry import find_game
    from braille_words.lexicon import get_lexicon

    kit = find_game(game, words)
    rules = kit.make_rules(get_lexicon(words), {})
    computer = kit.computer
    seats = SEATS[: max(2, kit.players[0])]
    # One move untimed first: what a language loads once (its frequencies, its word
    # families) is start-up, measured by bench_startup, not thinking.
    warm, _ = rules.new(seats, 10_000)
    computer.choose_move(rules, warm, min(warm.awaiting), level, random.Random(0))
    times: list[float] = []
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = rules.new(seats, seed)
        played = 0
        while not state.is_over and played < moves and state.awaiting:
            seat = min(state.awaiting)
            start = time.process_time()
            move = computer.choose_move(rules, state, seat, level, rng)
            times.append(time.process_time() - start)
            state, _ = rules.apply(state, seat, move)
            played += 1
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=40, help="computer moves timed per game")
    ap.add_argument("--games", type=int, default=2, help="seeded games per game and language")
    ap.add_argument("--quick", action="store_true", help="a few moves of one game each")
    args = ap.parse_args(argv)
    if args.quick:
        args.moves, args.games = 4, 1

    from braille_words.errors import BrailleWordsError
    from braille_words.lexicon import get_lexicon

    try:
        for words in ("pl", "en"):
            get_lexicon(words)
    except BrailleWordsError as exc:
        print(f"A lexicon is not built, so there is nothing to measure: {exc}")
        print("Build them with: braille-words lexicon build")
        return 1
    print(f"{args.games} seeded game(s) per game, language and level, at most {args.moves} "
          "computer moves each; CPU seconds of this process; en/pl = English over Polish, "
          "same run")
    print(f"{'game':<18} {'level':<7} {'pl median':>9} {'worst':>7}  {'en median':>9} "
          f"{'worst':>7}  {'en/pl median':>12} {'total':>6} {'worst':>6}")
    missed = []
    for game in GAMES:
        for level in LEVELS:
            pl = move_times(game, "pl", level, args.games, args.moves)
            en = move_times(game, "en", level, args.games, args.moves)
            if not pl or not en:
                print(f"{TITLES[game]:<18} {level:<7} no computer move was made")
                missed.append(game)
                continue
            pm, em = statistics.median(pl), statistics.median(en)
            ratio = em / pm if pm > 0 else 1.0
            # Per move on average: most moves of a turn are quick answers (a verdict, "done"),
            # so the median may time those, the total the thinking.
            total = (sum(en) / len(en)) / (sum(pl) / len(pl)) if sum(pl) > 0 else 1.0
            worst = max(en) / max(pl) if max(pl) > 0 else 1.0
            print(f"{TITLES[game]:<18} {level:<7} {pm * 1000:>7.1f}ms {max(pl) * 1000:>5.0f}ms"
                  f"  {em * 1000:>7.1f}ms {max(en) * 1000:>5.0f}ms  {ratio:>11.2f}x"
                  f" {total:>5.2f}x {worst:>5.2f}x")
            if total > GOAL_RATIO or worst > GOAL_RATIO:
                missed.append(f"{game} {level}")
    print(f"goal: English within {GOAL_RATIO:g}x of Polish (a move on average, and the worst): "
          f"{'met' if not missed else 'MISSED by ' + ', '.join(missed)}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0 if args.quick or not missed else 1


if __name__ == "__main__":
    sys.exit(main())
