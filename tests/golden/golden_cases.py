"""The whole seeded games kept as golden transcripts: what a refactor of the table must not change.

Each case is a command line and the lines typed into it; ``record.py`` writes what the program
printed to ``<name>.txt`` and ``test_golden.py`` plays the case again and compares. A wording
improved on purpose is re-recorded with ``python tests/golden/record.py`` and reviewed in the diff.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    typed: tuple[str, ...] = ()


COMMON = ("--display", "none", "--speech", "text")

CASES: tuple[Case, ...] = (
    Case("rummikub-computers-seed3", ("play", "rummikub", "--players",
                                      "computer:strong,computer:strong", "--seed", "3", *COMMON)),
    Case("rummikub-computers-seed11-en", ("play", "rummikub", "--players",
                                          "computer:beginner,computer:medium", "--seed", "11",
                                          "--lang", "en", *COMMON)),
    Case(
        "rummikub-player-seed7",
        ("play", "rummikub", "--players", "human,computer:strong", "--seed", "7", *COMMON),
        ("stojak", "stół", "pomoc", "gdzie", "nowe 1 2", "połóż 9 1 1", "cofnij", "wyniki",
         "bank", "podpowiedź", "literuj", "ekspert", "dobierz", "stół", "ostatni",
         "początkujący", "dobierz", "stojak", "dobierz", "wyjdź"),
    ),
    Case("siedem-computers-seed3", ("play", "siedem-slow", "--players",
                                    "computer:strong,computer:strong", "--seed", "3", *COMMON)),
    Case(
        "siedem-player-seed5",
        ("play", "siedem-slow", "--players", "human,computer:beginner", "--seed", "5", *COMMON),
        ("karty", "pomoc", "kot", "gotowe", "słowa", "runda", "karta wyników", "wyniki",
         "dom", "gotowe", "gdzie", "wyjdź"),
    ),
    Case(
        "siedem-solo-seed2",
        ("play", "siedem-slow", "--solo", "--level", "110", "--seed", "2", *COMMON),
        ("karty", "las", "gotowe", "wyniki", "wyjdź"),
    ),
    # Issue 38: every game in English words, computers only, to its end.
    Case("word-rummikub-english-words-seed3",
         ("play", "rummikub", "--words", "en", "--players", "computer:strong,computer:beginner",
          "--seed", "3", "--lang", "en", *COMMON)),
    Case("wordsy-english-words-seed3",
         ("play", "siedem-slow", "--words", "en", "--players", "computer:strong,computer:beginner",
          "--seed", "3", "--lang", "en", *COMMON)),
    Case("alice-english-words-seed3",
         ("play", "alicja", "--words", "en", "--players",
          "computer:strong,computer:beginner,computer:medium", "--seed", "3", "--lang", "en",
          *COMMON)),
    Case("card-scrabble-english-words-seed3",
         ("play", "scrabble-karty", "--words", "en", "--players", "computer:strong,computer:medium",
          "--seed", "3", "--lang", "en", *COMMON)),
    Case("wordsy-english-words-polish-messages-seed4",
         ("play", "siedem-slow", "--words", "en", "--players", "computer:medium,computer:strong",
          "--seed", "4", "--lang", "pl", *COMMON)),
)
