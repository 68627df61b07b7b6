"""Format rules: formats as data (formats/), composed of small checks with stable codes
(checks/), judged over a resolved deck (engine, judging), with where each card stands in a
format on a day (standing, pool).

May import: catalog, decklist, runtime.
"""
