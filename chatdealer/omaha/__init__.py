"""Omaha: four or five hole cards, of which a hand plays exactly two with exactly three of the
board, and the eight-or-better low of Omaha hi-lo (RULES.md §13)."""
