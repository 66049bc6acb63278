"""A session: seats, the turn loop, the clock, the journal, resume, rosters and hot-seat."""
