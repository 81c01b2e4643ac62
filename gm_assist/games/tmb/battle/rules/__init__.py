"""The battle's rules, one file per part of the rulebook (pure functions and their models):

- ``queue.py``: baddie points (day × gearlocs), the Battle Queue and the three stacks, the tyrant's queue.
- ``track.py``: the initiative track (set-up order, ties, whose turn, arrivals, round die, fatigue round).
- ``fight.py``: the fight on the mat (the Battle and Unit models, start, turns, HP, defeat, KO, revive,
  rounds, fatigue, outcome).
- ``effects.py``: effect dice, defence dice, Buff HP, hits and True Damage, Backup Plan, the tyrant's
  reminders.
"""
