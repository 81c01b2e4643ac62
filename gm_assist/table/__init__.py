"""The live table view (issue 16): ``gm-assist table`` serves a read-only page of the current
session to a tablet, a TV or a phone. Only ``gm-assist table`` (and the guided mode's entry that
starts it) imports this package's server: the web stack never loads for another command."""
