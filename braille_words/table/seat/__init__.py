"""A seat's parts, each owning one thing and each testable without a table.

- ``news``: what waits to be read on the message line, what was read, what was said (the
  history read back with line up, the last sentence for "repeat").
- ``voice``: the seat's speech, sounds and transcript line, and interrupting them.
- ``surface``: the Braille surface: the lines and boards with their cursors, panning, the
  status and clock cells, and what a routing key is over; ``boards`` and ``lines`` are its
  plain functions (board cursors and reading, the message line and labelled lines).
- ``keys``: the seat's input: display keys, typing and chords, turned into steps.
- ``words``: what the seat itself says about its display; ``names``: the names callers use,
  forwarded to the part that owns each.

``table.outputs.SeatOutput`` wires them for one seat. Data flows one way: the table gives
news and views, the news says where the surface goes, the surface renders, and keys come
back as steps the seat carries out. None of them imports the session (import-linter holds it).
"""
