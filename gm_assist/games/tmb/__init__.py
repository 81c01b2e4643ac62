"""Too Many Bones (Chip Theory Games; French edition Lucky Duck Games, rulebook v2.1).

gm-assist keeps the adventure's books (day counter, encounter deck, progress, gearloc sheets,
loot, scouting) and the battles (``battle*.py``), citing the rule each time.
"""
