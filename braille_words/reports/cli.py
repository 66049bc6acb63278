"""``braille-words report``: a class report from journals, on the terminal, as CSV or HTML."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from braille_words.errors import InputError
from braille_words.user_config import days_argument


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

    forget = subparsers.add_parser(
        "forget",
        help="remove a student's records, or every record older than some days",
        description="--student NAME: a game only that student played is removed with its "
        "activity log; in a game with others the student's name becomes 'Gracz N', their "
        "activity is removed and reports leave them out, while the moves stay for the others' "
        "results and resume. --older-than DAYS: games last written more than DAYS ago are "
        "removed. Both act on braille-words' own folder and on every --class DIR given.",
    )
    who = forget.add_mutually_exclusive_group(required=True)
    who.add_argument("--student", metavar="NAME", help="the student's name, as at the table")
    who.add_argument("--older-than", type=days_argument, metavar="DAYS",
                     help="every game last written more than DAYS days ago")
    forget.add_argument("--student-class", dest="group", metavar="CLASS",
                        help="the student's class, as in their roster (class = \"3b\"): "
                        "needed when students of that name played in more than one class")
    forget.add_argument("--class", dest="folders", type=Path, action="append", default=[],
                        metavar="DIR", help="a folder of journals to act on too (repeatable)")
    forget.add_argument("--lang", choices=("pl", "en"), default="pl")
    forget.set_defaults(func=cmd_forget)


def cmd_report(args: argparse.Namespace) -> int:
    from braille_words.reports.render import as_csv, as_html, as_lines
    from braille_words.reports.summary import build_report, class_journals
    from braille_words.table.launch import sessions_dir
    from braille_words.table.records import housekeeping, say_tightened

    housekeeping(args.lang)
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
    say_tightened(args.lang)
    if args.csv:
        sys.stdout.write(as_csv(report, args.lang))
    elif args.html:
        sys.stdout.write(as_html(report, args.lang))
    else:
        print("\n".join(as_lines(report, args.lang)))
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    """What was removed or made nameless, in the teacher's language; 1 when a game in play
    (or a damaged save) kept something back."""
    from braille_words.present.messages import text
    from braille_words.table.launch import sessions_dir
    from braille_words.table.records import classes_of, forget_student, remove_older_than

    folders = [sessions_dir(), *args.folders]
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        raise InputError(f"there is no folder {', '.join(missing)}")
    if args.older_than is not None:
        removed = [p for f in folders for p in remove_older_than(f, args.older_than)]
        print(text(args.lang, "forget_older", count=len(removed), days=args.older_than))
        return 0
    if args.group is None:
        classes = classes_of(args.student, folders)
        if len(classes) > 1:  # two students of one name: which one is the teacher's to say
            named = ", ".join(c or text(args.lang, "forget_no_class") for c in classes)
            raise InputError(text(args.lang, "forget_which_class", name=args.student,
                                  classes=named))
    done = forget_student(args.student, folders, args.group)
    if not (done.removed or done.redacted or done.busy or done.unreadable):
        print(text(args.lang, "forget_nothing", name=args.student,
                   folders=", ".join(str(f) for f in folders)))
        return 0
    if done.removed:
        print(text(args.lang, "forget_removed", count=len(done.removed)))
    if done.redacted:
        print(text(args.lang, "forget_redacted", count=len(done.redacted)))
    if done.busy:
        print(text(args.lang, "forget_busy", paths=", ".join(map(str, done.busy))))
    if done.unreadable:
        print(text(args.lang, "forget_unreadable", paths=", ".join(map(str, done.unreadable))))
    return 1 if done.busy or done.unreadable else 0
