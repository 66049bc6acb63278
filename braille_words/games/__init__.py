"""The games' rules: pure functions of state, move and an injected RNG; no I/O, no clock."""
