"""The judge's desk (`mtgjudge serve`, docs/desk.md): one page and a JSON API over the same programs
as the command line. Needs the `serve` extra (FastAPI, uvicorn): ``pip install 'mtgjudge[serve]'``.
"""
