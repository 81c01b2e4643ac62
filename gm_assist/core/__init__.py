"""What every game shares: storage, journal, language, output, prompts, dice, errors."""
