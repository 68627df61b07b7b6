"""The ground floor: what every layer uses and that knows nothing of cards. The request's
deadline, the bounded caches and their sizes, the holder of the caches derived from one
loaded catalog, linear-time patterns, and the fast way to build named tuples.

May import: nothing of deckjudge's.
"""
