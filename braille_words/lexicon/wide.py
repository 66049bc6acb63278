"""Sub-anagram search level by level with numpy, for racks that make thousands of words.

The depth-first walk in ``graph.py`` costs about a microsecond of Python per node: fine for
seven tiles, but fourteen tiles and two jokers make some 60 000 words and the walk then
takes a third of a second. Here the same search runs one word length at a time over whole
arrays: every partial word of length d (its node, the tiles it has left, its jokers left)
is one row; all their out-edges are expanded at once, rows whose letter is neither on the
rack nor coverable by a joker are dropped, and rows reaching a final node are results.
Words are spelled at the end by following parent links back, as a matrix of code points
read as numpy unicode strings, so Python objects are made only for the answers.

Both searches return the same list (the tests run both against a brute-force scan);
``Lexicon`` picks this one for racks with jokers or many letters. A rack of any size is
searched: the tiles left usually travel packed in one integer per row, and when a rack is
too varied for 62 bits (a Rummikub rack of sixty tiles and more) as a row of counts instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from braille_words.errors import InputError
from braille_words.lexicon.graph import Anagrams

# Partial words one search may hold (about 40 bytes each while it runs): fourteen tiles and
# two jokers need some 300 000; the whole alphabet and eight jokers would need tens of
# millions and a gigabyte or more.
MAX_ROWS = 5_000_000

Array = Any  # numpy arrays; kept loose so mypy --strict needs no numpy stubs gymnastics


class WideSearch:
    """Numpy views of a graph's arrays (no copy: they share the mapped file's pages)."""

    def __init__(self, arrays: dict[str, Sequence[int]], letters: Sequence[str]) -> None:
        def view(name: str, dtype: Any) -> Array:
            return np.frombuffer(arrays[name], dtype=dtype)  # type: ignore[call-overload]

        self.first = view("first", np.uint32).astype(np.int64)
        self.count = view("count", np.uint8)
        self.final = view("final", np.uint8).astype(bool)
        self.height = view("height", np.uint8)
        self.label = view("label", np.uint8)
        self.target = view("target", np.uint32)
        self.codepoints = np.array([0] + [ord(c) for c in letters], dtype=np.uint32)
        self.n_letters = len(letters)
        self._positions: dict[int, tuple[int, ...]] = {}

    def anagrams(
        self,
        rack: Sequence[int],
        jokers: int,
        min_len: int,
        max_len: int,
        *,
        longest_only: bool = False,
        max_rows: int = MAX_ROWS,
    ) -> Anagrams:
        # The tiles left travel packed in one integer per row: each letter on the rack
        # gets a bit field wide enough for its count (a field never has more bits than
        # the tiles it counts); a letter not on the rack has a field of width 0. Free
        # letters (usable any number of times: as many as a word can hold) need no field
        # at all. A rack whose fields pass 62 bits keeps a row of counts per partial word
        # instead: a few times the memory, the same answers.
        shift = np.zeros(self.n_letters, dtype=np.int64)
        field = np.zeros(self.n_letters, dtype=np.int64)
        free = np.zeros(self.n_letters, dtype=bool)
        start_counts = np.zeros(self.n_letters, dtype=np.uint8)
        start_state = 0
        used = 0
        for letter, n in enumerate(rack):
            if n >= max_len:
                free[letter] = True
            elif n > 0:
                bits = int(n).bit_length()
                shift[letter], field[letter] = used, (1 << bits) - 1
                start_state |= int(n) << used
                start_counts[letter] = n
                used += bits
        packed = used <= 62
        # Per level: parent row, letter taken, whether a joker took it; rows found final.
        parents: list[Array] = []
        labels: list[Array] = []
        wild: list[Array] = []
        finals: list[Array] = []
        node = np.zeros(1, dtype=np.int64)
        state: Array = (np.array([start_state], dtype=np.int64) if packed
                        else start_counts.reshape(1, -1))
        left = np.array([jokers], dtype=np.int16)
        rows = np.zeros(1, dtype=np.int64)  # which row of the previous level each entry is
        first, count, final, height = self.first, self.count, self.final, self.height
        label, target = self.label, self.target
        any_free = bool(free.any())
        rows_seen = 0
        depth = 0
        while len(node) and depth < max_len:
            deg = count[node]
            cum = np.cumsum(deg, dtype=np.int64)
            total = int(cum[-1])
            if total == 0:
                break
            # Every out-edge of every row at once: row i owns edges first[i] … +deg[i].
            edge = np.arange(total, dtype=np.int64) + np.repeat(first[node] - (cum - deg), deg)
            lab = label[edge]
            tgt = target[edge]
            st = np.repeat(state, deg, axis=0)
            if packed:
                real = (st >> shift[lab]) & field[lab] != 0
            else:
                real = st[np.arange(len(lab)), lab] != 0
            if any_free:
                real |= free[lab]
            ok = real | np.repeat(left > 0, deg)
            if min_len > depth + 1:
                ok &= height[tgt] >= min_len - depth - 1
            idx = np.flatnonzero(ok)
            rows_seen += len(idx)
            if rows_seen > max_rows:
                raise InputError(
                    "these letters and jokers make too many words to list; "
                    "use fewer jokers or fewer letters"
                )
            owner = np.repeat(np.arange(len(node)), deg)[idx]
            lab, tgt, real, st = lab[idx], tgt[idx], real[idx], st[idx]
            joker = ~real
            depth += 1
            parents.append(rows[owner])
            labels.append(lab)
            wild.append(joker)
            finals.append(np.flatnonzero(final[tgt]) if depth >= min_len else np.zeros(0, int))
            if depth >= max_len:
                break
            sel = np.flatnonzero(count[tgt])
            if not len(sel):
                break
            node = tgt[sel]
            lab_sel = lab[sel]
            spend = real[sel]
            if any_free:
                spend &= ~free[lab_sel]
            if packed:
                state = st[sel] - (spend.astype(np.int64) << shift[lab_sel])
            else:
                state = st[sel]  # a copy: rows sharing a parent each spend their own tile
                state[np.arange(len(sel)), lab_sel] -= spend.astype(np.uint8)
            left = left[owner[sel]] - joker[sel]
            rows = sel
        found = self._spell(parents, labels, wild, finals, longest_only)
        found.work = max(rows_seen, len(found))
        return found

    def _spell(
        self,
        parents: list[Array],
        labels: list[Array],
        wild: list[Array],
        finals: list[Array],
        longest_only: bool,
    ) -> Anagrams:
        levels = [d for d in range(len(finals)) if len(finals[d])]
        if longest_only:
            levels = levels[-1:]
        if not levels:
            return Anagrams([], [])
        width = levels[-1] + 1
        # Letters as 1 + alphabet index, 0 after the word's end: index 0 spells as code
        # point 0, which numpy drops from the end of a unicode string. Each level's rows are
        # already in dictionary order (parents in order, each one's edges by letter), so
        # taking the levels longest first gives the promised order with no sort at all.
        mats: list[Array] = []
        masks: list[Array] = []
        for d in reversed(levels):
            pos = finals[d]
            mat = np.zeros((len(pos), width), dtype=np.uint8)
            mask = np.zeros(len(pos), dtype=np.int64)
            for level in range(d, -1, -1):
                mat[:, level] = labels[level][pos] + 1
                mask |= wild[level][pos].astype(np.int64) << level
                pos = parents[level][pos]
            mats.append(mat)
            masks.append(mask)
        mat = np.concatenate(mats)
        mask = np.concatenate(masks)
        words = self.codepoints[mat].view(f"<U{width}").ravel().tolist()
        positions = self._positions
        masks_list = mask.tolist()
        for m in set(masks_list):
            if m not in positions:
                positions[m] = tuple(i for i in range(m.bit_length()) if m >> i & 1)
        return Anagrams(words, list(map(positions.__getitem__, masks_list)))
