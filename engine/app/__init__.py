"""The application: the ``mtgjudge`` command line (``cli``), the questions it answers (``queries``), their
human and JSON output (``render`` and the ``*_view`` modules), random boards (``generate``) and the
cross-check of another engine (``crosscheck``). The judge's desk, a web page and API, is ``engine.web``."""
