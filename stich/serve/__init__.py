"""``stich serve``: the live session of ``stich live`` as a web page for a phone (see docs/live.md).

Needs the optional extra ``stich[serve]`` (Starlette, uvicorn, segno); the modules here import it.
"""
