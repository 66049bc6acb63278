"""Scrabble karty: a crossword of letter and premium cards (``../shared/rules/scrabble-karty``).

Only its deck is here so far (``deck``, ``data.toml``); the game is not registered until its
rules, commands, presenter and computer land (issue 12).
"""
