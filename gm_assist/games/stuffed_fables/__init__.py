"""Stuffed Fables (Plaid Hat; French turn summary « Tour des peluches»): the dice bag by colour,
the threat track check, monster turns, stuffies' stuffing, encounters.

Command `stuffed-fables` (alias `peluches`). Rulebook: stuffed-fables.fr.txt; figures from
game-facts.md §4.
"""
