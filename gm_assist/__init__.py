"""gm-assist: a game master's assistant that sits beside a physical tabletop game."""

__version__ = "0.1.0"

# The game registry, handed to the core when it loads (gm_assist.core.registry): the core imports no
# game, so the package does it once for every process. Light (no game is imported), and every
# command loads it anyway to mount the games.
from gm_assist import games as _games  # noqa: F401
