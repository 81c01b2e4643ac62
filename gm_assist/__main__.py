"""`python -m gm_assist` runs the same entry point as the `gm-assist` command."""

from gm_assist.entry import run

if __name__ == "__main__":
    run()
