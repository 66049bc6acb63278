"""Rummikub's end says where the points came from (issue 33 §5): "Wyniki: Gracz 91,
Komputer 114" left a child whose running total was 87 wondering."""

from __future__ import annotations

from braille_words.games.registry import find_game


def test_the_final_scores_say_a_joker_penalty_beside_the_score_it_lowered() -> None:
    said = find_game("rummikub").presenter.final(
        {"scores": [91, 84], "penalties": [0, 30], "winners": [0]}, "pl", ["Gracz", "Ada"], 0)
    assert "Wyniki: Gracz: 91; Ada: 84 (za słowa 114, kara za jokery na stojaku: minus 30)." \
        in said

