"""The `deckjudge` command: check decklist files against a service or the local catalog."""
