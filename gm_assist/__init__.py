"""gm-assist: a game master's assistant that sits beside a physical tabletop game."""

__version__ = "0.1.0"
