"""Many words of a word graph spelled at once, from their ids, one graph level per numpy step.

A word's id says which edge to take at every node (``WordGraph.word_at`` follows it one word
at a time, some 20–80 µs a word in Python); here every asked id moves down one level together,
so the 111 571 words of the English list are spelled in a few tenths of a second and with no
Python string per word. Used where a whole vocabulary is indexed: the common words a level
knows (``common.py``) and Word Thief's anagram index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

Array = Any  # numpy arrays


def spell(graph: Any, ids: Iterable[int]) -> tuple[Array, Array]:
    """The words of ``ids`` (a ``WordGraph``'s) as a matrix of letters, and the ids, sorted.

    Row k is the k-th smallest id's word, one column per letter: 1 + the letter's index in
    ``graph.letters``, 0 after the word's end. Ids outside the graph are an ``IndexError``."""
    # The graph's own arrays, read in place (no widened copies: Word Thief spells its whole
    # list a chunk at a time, and copies of every array for every chunk were most of the
    # memory its index build left behind).
    first = np.frombuffer(graph.first, dtype=np.uint32)
    count = np.frombuffer(graph.count, dtype=np.uint8)
    final = np.frombuffer(graph.final, dtype=np.uint8)
    label = np.frombuffer(graph.label, dtype=np.uint8)
    target = np.frombuffer(graph.target, dtype=np.uint32)
    below = np.frombuffer(graph.below, dtype=np.uint32)
    # Words below each edge, summed over all edges in order: within a node's edges the
    # first edge whose running sum passes the id left is the one to take.
    before = np.zeros(len(target) + 1, dtype=np.int64)  # words below the edges before edge e
    np.cumsum(below[target], dtype=np.int64, out=before[1:])
    running = before[1:]
    wanted = np.sort(np.fromiter(ids, dtype=np.int64))
    if len(wanted) > 1:  # each id once (``np.unique`` would import ``numpy.ma``: 60-100 ms)
        wanted = wanted[np.concatenate(([True], wanted[1:] != wanted[:-1]))]
    if len(wanted) and (wanted[0] < 0 or wanted[-1] >= int(graph.below[0])):
        raise IndexError("word id out of range")
    rest = wanted.copy()
    word_count = len(rest)
    node = np.zeros(word_count, dtype=np.int64)
    # One column per level, as many as the longest word below the root (``height``): filled in
    # place, where stacking a list of levels would hold every letter twice.
    mat = np.zeros((word_count, int(graph.height[0]) if word_count else 0), dtype=np.uint8)
    open_ = np.ones(word_count, dtype=bool)
    depth = 0
    while open_.any():
        here = np.flatnonzero(open_)
        ends = final[node[here]].astype(bool)
        done = ends & (rest[here] == 0)
        open_[here[done]] = False
        here = here[~done]
        rest[here] -= final[node[here]].astype(np.int64)
        if len(here):
            start = first[node[here]].astype(np.int64)
            edge = np.searchsorted(running, before[start] + rest[here], side="right")
            edge = np.minimum(edge, start + count[node[here]].astype(np.int64) - 1)
            rest[here] -= before[edge] - before[start]
            node[here] = target[edge]
            mat[here, depth] = label[edge] + 1
            depth += 1
    return mat[:, :depth], wanted
