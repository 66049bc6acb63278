"""``braille-words lexicon …``: build the word graphs, check words, find anagrams.

Output is plain text, one answer a line, so a screen reader reads it straight through:
"źdźbła: tak (yes)". ``check`` exits 0 only when every word is valid, so scripts and
teachers can test a list.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.lexicon import store
from braille_words.lexicon.family import family, kinship
from braille_words.lexicon.lexicon import clear_cache, get_lexicon
from braille_words.lexicon.sources import LANGS, Settings
from braille_words.tiles import clean_word

YES = {"pl": "tak (yes)", "en": "yes"}
NO = {"pl": "nie (no)", "en": "no"}


def register(subparsers: Any) -> None:
    lex = subparsers.add_parser(
        "lexicon",
        help="build the word lists, check words, find anagrams",
        description="Word lists: compile them once, then check words and find anagrams.",
    )
    lex.add_argument("--data", metavar="DIR", help="data folder (default: $BRAILLE_WORDS_DATA "
                     "or the user data folder)")
    sub = lex.add_subparsers(dest="lexicon_command", metavar="ACTION")
    lex.set_defaults(func=lambda _args: _usage(lex))

    build = sub.add_parser(
        "build",
        help="compile the word lists (quick no-op when already up to date)",
        description="Compile the word lists into the data folder. Settings given here "
        "(--source, --extra, --ban) are remembered and reused by later builds; --defaults "
        "goes back to the Debian lists alone.",
    )
    build.add_argument("--lang", choices=[*LANGS, "all"], default="all")
    build.add_argument("--quiet", action="store_true", help="print nothing unless it fails")
    build.add_argument("--force", action="store_true", help="rebuild even when up to date")
    build.add_argument("--source", action="append", metavar="FILE",
                       help="word list to read instead of the Debian one (repeatable)")
    build.add_argument("--extra", action="append", metavar="FILE",
                       help="file of words to add, one a line (repeatable)")
    build.add_argument("--ban", action="append", metavar="FILE",
                       help="file of words to refuse, one a line (repeatable)")
    build.add_argument("--defaults", action="store_true",
                       help="forget remembered --source/--extra/--ban settings")
    build.set_defaults(func=_build)

    check = sub.add_parser("check", help="say whether words are valid",
                           description="Say yes or no for each word; exit status 0 only "
                           "if all are words.")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.add_argument("--lang", choices=LANGS, default="pl")
    check.set_defaults(func=_check)

    ana = sub.add_parser("anagrams", help="words made from some of the given letters",
                         description="List words made from some of LETTERS; write a joker "
                         "as ? or use --jokers. Longest words first.")
    ana.add_argument("letters", metavar="LETTERS")
    ana.add_argument("--jokers", type=int, default=0, metavar="N")
    ana.add_argument("--lang", choices=LANGS, default="pl")
    ana.add_argument("--min", type=int, default=2, metavar="N", dest="min_len",
                     help="shortest word length (default 2)")
    ana.add_argument("--limit", type=int, default=50, metavar="N",
                     help="how many words to show (default 50; 0 for all)")
    ana.set_defaults(func=_anagrams)

    match = sub.add_parser("match", help="words fitting a pattern like ?a?zcz?t",
                           description="List words fitting PATTERN: ? is one letter, "
                           "* any letters.")
    match.add_argument("pattern", metavar="PATTERN")
    match.add_argument("--lang", choices=LANGS, default="pl")
    match.add_argument("--limit", type=int, default=50, metavar="N")
    match.set_defaults(func=_match)

    fam = sub.add_parser("family", help="a word's lemmas and root, or whether two words "
                         "are one family")
    fam.add_argument("word", metavar="WORD")
    fam.add_argument("other", metavar="OTHER", nargs="?")
    fam.add_argument("--lang", choices=LANGS, default="pl")
    fam.set_defaults(func=_family)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _settings(lang: str, args: argparse.Namespace) -> Settings:
    base = None if args.defaults else store.saved_settings(lang, args.data)
    base = (base or Settings.default(lang)).current()
    # Only the options given replace the remembered ones; paths are kept absolute so a
    # later build from another folder reads the same files.
    def absolute(paths: list[str] | None, old: tuple[str, ...]) -> tuple[str, ...]:
        return old if paths is None else tuple(str(Path(p).resolve()) for p in paths)

    return Settings(
        lang,
        absolute(args.source, base.sources),
        absolute(args.extra, base.extra),
        absolute(args.ban, base.ban),
    )


def _build(args: argparse.Namespace) -> int:
    langs = LANGS if args.lang == "all" else (args.lang,)
    if len(langs) > 1 and (args.source or args.extra or args.ban):
        raise InputError(
            "--source, --extra and --ban need --lang pl or --lang en (word lists are per "
            "language)"
        )

    def say(message: str) -> None:
        if not args.quiet:
            print(message, flush=True)

    for lang in langs:
        report = store.build(
            _settings(lang, args),
            args.data,
            force=args.force,
            progress=say,
            signature_letters=_seven_words_letters(lang),
        )
        if report.skipped:
            say(f"{lang}: up to date ({store.graph_path(lang, args.data)})")
        else:
            say(
                f"{lang}: {report.words:,} words, {report.nodes:,} nodes, {report.edges:,} "
                f"edges in {report.seconds:.1f} s; graph {report.graph_bytes / 1e6:.1f} MB, "
                f"lookup {report.dawg_bytes / 1e6:.1f} MB, frequencies of {report.ranked:,} "
                f"forms {report.freq_bytes / 1e6:.1f} MB, 7 słów index "
                f"{report.signatures_bytes / 1e6:.1f} MB, in {store.lexicon_dir(args.data)}"
            )
    clear_cache()
    return 0


def _seven_words_letters(lang: str) -> list[str] | None:
    """7 słów's card letters, for the index its computer players search (a Polish game)."""
    if lang != "pl":
        return None
    from braille_words.games.seven_words.deck import load_deck

    deck = load_deck()
    return sorted(set(deck.common) | set(deck.rare))


def _check(args: argparse.Namespace) -> int:
    lex = get_lexicon(args.lang, args.data)
    all_ok = True
    for raw in args.words:
        try:
            word = clean_word(raw, args.lang)
        except InputError as exc:
            shown = raw if len(raw) <= 40 else raw[:40] + "…"
            print(f"{shown}: {NO[args.lang]} — {exc}")
            all_ok = False
            continue
        ok = lex.contains(word)
        all_ok &= ok
        print(f"{word}: {YES[args.lang] if ok else NO[args.lang]}")
    return 0 if all_ok else 1


def _anagrams(args: argparse.Namespace) -> int:
    if not args.letters.strip() and args.jokers <= 0:
        raise InputError("give some letters, for example: braille-words lexicon anagrams kota?")
    lex = get_lexicon(args.lang, args.data)
    started = time.perf_counter()
    found = list(lex.anagrams(args.letters, args.jokers, min_len=args.min_len))
    found.sort(key=lambda a: (-len(a.word), len(a.jokers)))
    elapsed = time.perf_counter() - started
    shown = found if args.limit <= 0 else found[: args.limit]
    for a in shown:
        if a.jokers:
            jokers = ", ".join(f"{a.word[pos]} (position {pos + 1})" for pos in a.jokers)
            print(f"{a.word} — joker: {jokers}")
        else:
            print(a.word)
    more = f", showing {len(shown)}" if len(shown) < len(found) else ""
    print(f"{len(found)} words{more} ({elapsed:.2f} s)", file=sys.stderr)
    return 0


def _match(args: argparse.Namespace) -> int:
    lex = get_lexicon(args.lang, args.data)
    found = lex.matching(args.pattern, limit=None if args.limit <= 0 else args.limit)
    for word in found:
        print(word)
    reached = 0 < args.limit <= len(found)
    more = " (the limit; --limit 0 lists all)" if reached else ""
    print(f"{len(found)} words{more}", file=sys.stderr)
    return 0


def _family(args: argparse.Namespace) -> int:
    word = clean_word(args.word, args.lang)
    if args.other is None:
        fam = family(word, args.lang)
        print(f"{fam.word}: lemmas {', '.join(fam.lemmas)}; roots {', '.join(fam.roots) or '-'}")
        return 0
    link = kinship(word, clean_word(args.other, args.lang), args.lang)
    if link is None:
        print(f"'{args.word}' and '{args.other}': not one family (as far as we can tell)")
        return 1
    sure = " (probably; the table may decide)" if link.probable else ""
    print(link.describe("en") + sure)
    return 0


__all__ = ["BrailleWordsError", "register"]
