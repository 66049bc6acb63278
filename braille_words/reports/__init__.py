"""Reports per student, from the journals of a lesson or a term (``braille-words report``,
and the teacher's page)."""
