"""A class report as the teacher reads it: lines for the terminal (and a screen reader), CSV
for a spreadsheet, and a printable HTML page, in Polish or English."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from html import escape

from braille_words.present.messages import catalogue, fill
from braille_words.reports.summary import ClassReport, StudentReport, Week


def words(lang: str) -> dict[str, str]:
    """The report's headings and figures in ``lang`` (the catalogue's ``report`` section),
    English where a key is missing."""
    english = catalogue("en").get("report", {})
    own = catalogue(lang).get("report", {})
    return {key: str(own.get(key, value)) for key, value in english.items()}


def command_name(name: str, lang: str) -> str:
    """A command as the report's reader knows it: a move's kind or a shared command's
    language-free name, in ``lang``; a name no catalogue has is shown as it is."""
    for table in (catalogue(lang), catalogue("en")):
        found = table.get("report_commands", {}).get(name)
        if isinstance(found, str):
            return found
    return name


def who(student: StudentReport, w: dict[str, str]) -> str:
    """The student as a row names them: with their class, where a roster gave one (two Olas
    of two classes are two rows, and the teacher must see which is which)."""
    if not student.group:
        return student.name
    return w["student_in_class"].format(name=student.name, group=student.group)


def _average(student: StudentReport) -> str:
    average = student.average_seconds
    return "" if average is None else f"{average:.1f}"


def _commands(student: StudentReport, lang: str) -> str:
    return ", ".join(f"{command_name(name, lang)} ×{count}"
                     for name, count in student.top_commands())


def _computer(student: StudentReport, w: dict[str, str]) -> str:
    """What the computer did at the student's seat, said apart: "", when it did nothing."""
    if not student.computer_moves and not student.computer_words:
        return ""
    played = ", ".join(student.computer_words) or w["none"]
    return (f"{w['computer']}: {w['moves']} {student.computer_moves}, "
            f"{w['words']} ({len(student.computer_words)}): {played}")


def _passed(student: StudentReport, w: dict[str, str], lang: str) -> str:
    """The student's turns that passed without a move of theirs, and why ("2 tury minęły
    bez ruchu: czas minął (1), nauczyciel pominął (1)"); "", when none did. They are not
    among the student's moves, nor is their wait in the time per move."""
    count = student.timed_out + student.skipped
    if not count:
        return ""
    why = [w[key].format(n=n) for key, n in (("passed_time", student.timed_out),
                                              ("passed_skip", student.skipped)) if n]
    return fill(w["passed_said"], {"n": count, "why": ", ".join(why)}, lang)


def _scores(student: StudentReport, w: dict[str, str]) -> str:
    """Each game with the student's score in it: "Rummikub Słowny: 45 (wygrana)"."""
    said = []
    for game in student.scores:
        marks = [w["won"]] if game.won else []
        if not game.over:
            marks.append(w["unfinished"])
        if game.shared:
            marks.append(w["shared"].format(names=", ".join(game.shared)))
        score = w["none"] if game.score is None else str(game.score)
        said.append(f"{game.game}: {score}" + (f" ({', '.join(marks)})" if marks else ""))
    return "; ".join(said)


def as_lines(report: ClassReport, lang: str) -> list[str]:
    """One paragraph a student: what a terminal prints and a screen reader reads."""
    w = words(lang)
    lines = [w["title"], w["games_read"].format(n=report.games)]
    lines += [w["skipped"].format(why=why) for why in report.skipped]
    if not report.students:
        lines.append(w["no_students"])
    for s in report.students:
        lines.append("")
        lines.append(f"{who(s, w)}: {w['games']} {s.games}, {w['moves']} {s.moves}, "
                     f"{w['hints']} {s.hints}, {w['average']} {_average(s) or w['none']}")
        lines.append(f"  {w['scores']}: {_scores(s, w) or w['none']}")
        lines.append(f"  {w['words']} ({len(s.words)}): {', '.join(s.words) or w['none']}")
        lines.append(f"  {w['longest']}: {s.longest or w['none']}")
        lines.append(f"  {w['commands']}: {_commands(s, lang) or w['none']}")
        if _passed(s, w, lang):
            lines.append(f"  {_passed(s, w, lang)}")
        if _computer(s, w):
            lines.append(f"  {_computer(s, w)}")
        lines.append(f"  {w['refused']} ({len(s.refused)}):")
        for tried, why in s.refused:
            lines.append(f"    {tried or '—'}: {why}")
    return lines


def as_csv(report: ClassReport, lang: str) -> str:
    """One row a student; lists inside a cell are separated by " | "."""
    w = words(lang)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([w["student"], w["class"], w["games"], w["moves"], w["words"], w["longest"],
                     w["average"], w["hints"], w["refused"], w["commands"],
                     w["computer_moves"], w["computer_words"], w["passed_time_column"],
                     w["passed_skip_column"], w["scores"]])
    for s in report.students:
        writer.writerow([
            s.name, s.group, s.games, s.moves, " | ".join(s.words), s.longest, _average(s), s.hints,
            " | ".join(f"{tried}: {why}" for tried, why in s.refused), _commands(s, lang),
            s.computer_moves, " | ".join(s.computer_words), s.timed_out, s.skipped,
            _scores(s, w).replace("; ", " | "),
        ])
    # The term's progress: one row a student a week, after a blank row.
    writer.writerow([])
    writer.writerow([w["student"], w["class"], w["week"], *_week_headings(w)])
    for s in report.students:
        for week in s.weeks.values():
            writer.writerow([s.name, s.group, week.week, *_week_figures(week)])
    return buffer.getvalue()


def _week_headings(w: dict[str, str]) -> list[str]:
    return [w["games"], w["words_per_game"], w["longest_letters"], w["average"], w["hints"],
            w["refused"]]


def _week_figures(week: Week) -> list[str]:
    average = week.average_seconds
    return [str(week.games), f"{week.words_per_game:.1f}", str(week.longest),
            "" if average is None else f"{average:.1f}", str(week.hints), str(week.refused)]


def _progress(s: StudentReport, w: dict[str, str], sid: str, sub: str) -> str:
    """The term's progress of one student: a small bar chart of words per game, week by
    week, for the eye (hidden from a screen reader), and the same figures as a table."""
    weeks = list(s.weeks.values())
    if not weeks:
        return ""
    most = max((week.words_per_game for week in weeks), default=0.0) or 1.0
    bar, gap, height = 18, 6, 60
    bars = "".join(
        f'<rect x="{i * (bar + gap)}" y="{height - round(week.words_per_game / most * height)}"'
        f' width="{bar}" height="{round(week.words_per_game / most * height)}"></rect>'
        for i, week in enumerate(weeks))
    chart = (f'<svg class="progress" aria-hidden="true" focusable="false" '
             f'width="{len(weeks) * (bar + gap)}" height="{height}" '
             f'viewBox="0 0 {len(weeks) * (bar + gap)} {height}">{bars}</svg>')
    head = "".join(f'<th scope="col">{escape(h)}</th>'
                   for h in (w["week"], *_week_headings(w)))
    rows = "".join(
        f'<tr><th scope="row">{escape(week.week)}</th>'
        + "".join(f"<td>{escape(v)}</td>" for v in _week_figures(week)) + "</tr>"
        for week in weeks)
    return (f'<{sub} id="{sid}-progress">{escape(w["progress"])}</{sub}>{chart}'
            f'<table aria-labelledby="{sid}-progress"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def _words_html(words: Sequence[str], student: StudentReport, lang: str) -> str:
    """Words as HTML, each one of another language than the page's marked with its own
    (``<span lang="en">``): a screen reader then says an English word in a Polish report in
    English, and a Polish word in an English report in Polish."""
    return ", ".join(
        f'<span lang="{escape(student.word_langs[w])}">{escape(w)}</span>'
        if student.word_langs.get(w, lang) != lang else escape(w)
        for w in words)


def student_sections(report: ClassReport, lang: str, level: int = 2) -> str:
    """Each student as an HTML section: a heading, the figures as a definition list, the
    words and the refused attempts as lists (read by headings with a screen reader)."""
    w = words(lang)
    h, sub = f"h{level}", f"h{level + 1}"
    parts: list[str] = []
    if not report.students:
        parts.append(f"<p>{escape(w['no_students'])}</p>")
    for i, s in enumerate(report.students):
        sid = f"student-{i}"
        none = escape(w["none"])
        figures = [  # (heading, HTML)
            (w["games"], str(s.games)), (w["scores"], escape(_scores(s, w) or w["none"])),
            (w["moves"], str(s.moves)),
            (w["longest"], _words_html([s.longest], s, lang) if s.longest else none),
            (w["average"], escape(_average(s) or w["none"])),
            (w["hints"], str(s.hints)),
            (w["commands"], escape(_commands(s, lang) or w["none"])),
        ]
        if _passed(s, w, lang):
            figures.append((w["passed"], escape(_passed(s, w, lang))))
        if _computer(s, w):
            figures.append((w["computer_moves"], str(s.computer_moves)))
            figures.append((w["computer_words"],
                            _words_html(s.computer_words, s, lang) or none))
        parts.append(f'<section class="student" aria-labelledby="{sid}">')
        parts.append(f'<{h} id="{sid}">{escape(who(s, w))}</{h}>')
        parts.append("<dl>" + "".join(
            f"<dt>{escape(k)}</dt><dd>{v}</dd>" for k, v in figures) + "</dl>")
        parts.append(f"<{sub}>{escape(w['words'])} ({len(s.words)})</{sub}>")
        parts.append("<p>" + (_words_html(s.words, s, lang) or none) + "</p>")
        parts.append(f"<{sub}>{escape(w['refused'])} ({len(s.refused)})</{sub}>")
        if s.refused:
            parts.append("<ul class=\"refused\">" + "".join(
                f"<li><span class=\"tried\">{escape(tried or '—')}</span>: {escape(why)}</li>"
                for tried, why in s.refused) + "</ul>")
        else:
            parts.append(f"<p>{escape(w['none'])}</p>")
        parts.append(_progress(s, w, sid, sub))
        parts.append("</section>")
    return "\n".join(parts)


def as_html(report: ClassReport, lang: str, title: str = "") -> str:
    """A page of its own to print or keep (no script, no style sheet to fetch); ``title``
    says which games it covers (the teacher's page: these games, or the term)."""
    w = words(lang)
    title = title or w["title"]
    skipped = "".join(f"<p>{escape(w['skipped'].format(why=why))}</p>" for why in report.skipped)
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #000; background: #fff; }}
section.student {{ break-inside: avoid; border-top: 1px solid #444; }}
dl {{ display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }}
dt {{ font-weight: bold; }}
svg.progress rect {{ fill: #1a4f8b; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #444; padding: 0.2em 0.5em; text-align: left; }}
</style></head>
<body><main>
<h1>{escape(title)}</h1>
<p>{escape(w['games_read'].format(n=report.games))}</p>
{skipped}
{student_sections(report, lang)}
</main></body></html>
"""
