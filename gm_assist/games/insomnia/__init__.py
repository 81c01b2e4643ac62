"""Insomnia (AEG, Neil Kimball; English edition *Sheepy Time*): race tracking, pillow scoring, solo.

The core is pure: ``rules.py`` (end-of-race scoring, solo score), ``race.py`` (sheep, nightmare,
fence), ``rest.py`` (scoring a session's race, reset, rest phase), ``checklists.py`` (set-up).
``actions.py`` journals changes; ``cli.py`` and ``flow.py`` only parse, call and render.
"""
