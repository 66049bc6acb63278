"""Typed command languages, one module per game: a line and a seat's view in, a move out."""
