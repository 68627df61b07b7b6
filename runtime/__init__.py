"""The ground floor: what every layer uses and that knows nothing of cards. The request's
deadline, the bounded caches, their sizes and their budget of bytes, the holder of the caches
derived from one loaded catalog, whether every request thread is held, linear-time patterns,
and the fast way to build named tuples.

May import: nothing of deckjudge's.
"""
