"""Shy Monsters (Ôz Éditions): floor referee, hero-phase tracking, and the app as Dungeon Master.

Modules: ``model`` (pydantic state), ``floor`` (notation, construction check, enumeration of
floors), ``rules`` (comfort zones, fear, the referee's report), ``hero`` (hero phase and the floor
sequence), ``dungeon_master`` (floor strength, suggestions, solo floors), ``view`` (words and the
public view), ``actions``, ``spec`` (the GameSpec), ``cli``, ``flow``.
"""
