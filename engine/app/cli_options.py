"""The command line's number options and their ranges (issue 25): a one-line error, exit 2, outside them. A count of
what a run lists or makes is at most NUMBER_MAX (the bound of every number a file gives, engine/files/yamlio.py);
processes at most MAX_PROCESSES; a time a finite number of seconds up to a day."""

from __future__ import annotations

import click


class _Seconds(click.FloatRange):
    """A time in seconds: a finite number in range (click's FloatRange takes 'nan', which no comparison refuses)."""

    def convert(self, value, param, ctx):
        value = super().convert(value, param, ctx)
        if value != value:
            self.fail(f"{value} is not a number of seconds: use a number from {self.min} to {self.max:,}.", param, ctx)
        return value


NUMBER_MAX = 1_000_000  # engine/files/yamlio.py's (not imported: `mtgjudge --help` reads no YAML); a test checks it
MAX_PROCESSES = 256
MAX_SECONDS = 86_400.0  # a day


def time_limit_option(f):
    return click.option(
        "--time-limit", type=_Seconds(min=0.01, max=MAX_SECONDS), default=10.0, show_default=True,
        help="Seconds the solver may take: for the whole layers computation, and for each solve after it; hitting it "
             "reports a timeout (exit 3). The whole command, once the card library is loaded, ends within the limit "
             "plus half of it (at least 2 s), or exits 3 naming what was being solved (play: from each solve; "
             "crosscheck, serve: each solve only).",
    )(f)
