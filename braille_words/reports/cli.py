"""``braille-words report``: a class report from journals, on the terminal, as CSV or HTML."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from braille_words.errors import InputError


def register(subparsers: Any) -> None:
    report = subparsers.add_parser(
        "report",
        help="a report per student from game journals: words, refusals, hints, time",
        description="Per student: games played, words laid or said (the longest), average "
        "time per move, hints asked, refused attempts with their reasons, commands used most.",
    )
    report.add_argument("journals", nargs="*", type=Path, metavar="JOURNAL",
                        help="game journals (.jsonl)")
    report.add_argument("--class", dest="folder", type=Path, metavar="DIR",
                        help="every journal in this folder (a term's games); default: the "
                        "folder braille-words keeps games in")
    report.add_argument("--csv", action="store_true", help="print CSV (for a spreadsheet)")
    report.add_argument("--html", action="store_true", help="print a printable HTML page")
    report.add_argument("--lang", choices=("pl", "en"), default="pl")
    report.set_defaults(func=cmd_report)


def cmd_report(args: argparse.Namespace) -> int:
    from braille_words.reports.render import as_csv, as_html, as_lines
    from braille_words.reports.summary import build_report, class_journals
    from braille_words.table.launch import sessions_dir

    if args.journals and args.folder is not None:
        raise InputError("give journals or --class DIR, not both")
    journals: list[Path] = list(args.journals)
    if not journals:
        folder = args.folder if args.folder is not None else sessions_dir()
        if not folder.is_dir():
            raise InputError(f"there is no folder {folder}")
        journals = class_journals(folder)
    missing = [str(p) for p in journals if not p.is_file()]
    if missing:
        raise InputError(f"there is no journal {', '.join(missing)}")
    report = build_report(journals)
    if args.csv:
        sys.stdout.write(as_csv(report, args.lang))
    elif args.html:
        sys.stdout.write(as_html(report, args.lang))
    else:
        print("\n".join(as_lines(report, args.lang)))
    return 0
