"""Printed paper for organizers: the Play! Pokémon deck registration sheet as a PDF, made of
plain values (a player's fields and a list's lines), with the age division a birth date
falls in and the fonts that print every script the sheet is likely to meet.

May import: nothing of deckjudge's.
"""
