"""The CLI kit: what every game's command line is built with (typer app construction, the lazy
command loader, shared options such as ``--json``, the JSON envelope of a state-changing command).

The core (``gm_assist.core``) never imports it: the core is a leaf that knows no typer, no game
and no rules reference; the kit and the games sit on top of it.
"""
