"""Decklists in: every common export form, parsed into entries that keep their line numbers,
and each entry resolved to the catalog's printings.

`parse()` detects the form; each form has its own small module. Parsing never drops a line
silently: what cannot be read is a `LineProblem` with its number and text. `resolve` says
what each line names (resolved, ambiguous or unknown) and why.

May import: catalog, runtime.
"""

from decklist.detect import parse
from decklist.parsed import Candidate, Decklist, Entry, LineProblem

__all__ = ["Candidate", "Decklist", "Entry", "LineProblem", "parse"]
