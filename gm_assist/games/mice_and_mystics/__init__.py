"""Mice and Mystics (Plaid Hat): initiative track, enemy placement, conditions, heroic feats, campaign.

Command ``gm-assist mice-and-mystics`` (alias ``souris``).
"""
