"""gm-assist: a game master's assistant that sits beside a physical tabletop game."""

__version__ = "0.1.0"

# The game registry, handed to the core when it loads (gm_assist.core.registry): the core imports no
# game, so the package does it once for every process. Light (no game is imported), and every
# command loads it anyway to mount the games.
from gm_assist import games as _games  # noqa: F401

# The translator, handed to the errors when core.i18n loads (core.errors.set_translator): the errors
# sit below the catalogs they are translated with. Light (no catalog is read).
from gm_assist.core import i18n as _i18n  # noqa: E402,F401
