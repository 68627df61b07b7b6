"""The organizer's page: paste a decklist, see every line judged (GET /)."""
