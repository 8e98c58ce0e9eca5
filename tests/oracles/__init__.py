"""Independent oracles: small brute-force Python implementations of each ASP module, written from
the rules text, compared with the solver on generated boards (tests) and timed beside it
(benchmarks). A disagreement is a bug in one of the two."""
