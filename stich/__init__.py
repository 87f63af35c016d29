"""stich: a solver and deduction assistant for trick-taking card games.

The public Python API. See ``docs/api.md``.
"""

__version__ = "0.1.0"
