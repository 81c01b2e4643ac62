"""The base of gm-assist's pydantic models: ``Model`` builds its schema on first use, not at import.

Importing a module full of models then costs almost nothing (start-up budget, DESIGN §7): a
calculator that never validates a session state never pays for its schema. Subclasses keep their
own settings (``model_config = ConfigDict(frozen=True)``, ``extra="forbid"``): pydantic merges them
with this one.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    """A pydantic model whose schema is built when it is first used (``defer_build``)."""

    model_config = ConfigDict(defer_build=True)
