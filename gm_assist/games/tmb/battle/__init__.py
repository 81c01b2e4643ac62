"""A Too Many Bones battle, laid out as a game is: ``rules/`` (pure rules), ``actions.py``
(journaled steps), ``view.py`` (JSON document and text screen), ``cli.py`` / ``cli_session.py``
(commands), ``flow.py`` (guided battle), ``catalog.py`` (the baddie chips). Docstring only:
importing the package must stay cheap."""
