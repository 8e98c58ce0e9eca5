"""A claims file evaluated line by line (docs/crosscheck.md): in this process, in `--jobs` worker processes,
or on a Dask cluster (`--backend dask`), chunk by chunk, the results in input order whatever the number
of workers."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Callable, Iterator

from engine.files.errors import InputError
from engine.app.crosscheck.cases import parse_line, read_board_file
from engine.app.crosscheck.checker import Checker, error_record
from engine.app.crosscheck.workers import WORKER_DIED, _dask_chunk, _known, run_local


def read_lines(path: Path) -> Iterator[tuple[int, str, int]]:
    """(line number, text, bytes) for each non-blank line of a claims file."""
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = "\x00not UTF-8"
            if text.strip():
                yield n, text, len(raw)
            else:
                yield n, "", len(raw)


def _chunks(lines: Iterator[tuple[int, str, int]], size: int) -> Iterator[tuple[list[tuple[int, str]], int]]:
    chunk, nbytes = [], 0
    for n, text, b in lines:
        nbytes += b
        if text:
            chunk.append((n, text))
        if len(chunk) >= size:
            yield chunk, nbytes
            chunk, nbytes = [], 0
    if chunk or nbytes:
        yield chunk, nbytes


def _ordered(submit: Callable[[list], Any], get: Callable[[Any], list[dict]], chunks, window: int):
    """Submit chunks keeping at most `window` in flight; yield (results, bytes) in input order."""
    pending: deque = deque()
    it = iter(chunks)
    done = False
    while True:
        while not done and len(pending) < window:
            try:
                chunk, nbytes = next(it)
            except StopIteration:
                done = True
                break
            pending.append((submit(chunk), nbytes))
        if not pending:
            return
        handle, nbytes = pending.popleft()
        yield get(handle), nbytes


def run_cases(path: Path, *, jobs: int = 1, card_dirs: tuple[str, ...] = (), time_limit: float = 10.0,
              backend: str = "local", scheduler: str | None = None, chunk_size: int = 16,
              engine: str | None = None) -> Iterator[tuple[dict, int]]:
    """Every result record of a claims file, in input order, with the bytes of input read so far
    (for a progress bar). Lines are evaluated `chunk_size` at a time, by `jobs` processes, or on a
    Dask cluster. With ``engine`` ("phase"), the lines are generated cases and that engine makes each claim
    (engine/app/phase/driver.py)."""
    base = str(path.parent) if str(path.parent) != "." else ""
    chunks = _chunks(read_lines(path), chunk_size)
    if backend == "dask":
        yield from _run_dask(chunks, base, card_dirs, time_limit, scheduler, engine)
        return
    if jobs <= 1:
        checker = Checker(card_dirs, time_limit, engine)
        for chunk, nbytes in chunks:
            results = [checker.evaluate(line, text, base) for line, text in chunk]
            yield from _with_bytes(results, nbytes)
        return
    for results, nbytes in run_local(chunks, base, jobs, (card_dirs, time_limit, engine)):
        yield from _with_bytes(results, nbytes)


def _with_bytes(results: list[dict], nbytes: int) -> Iterator[tuple[dict, int]]:
    for i, r in enumerate(results):
        yield r, (nbytes if i == len(results) - 1 else 0)
    if not results:
        yield {}, nbytes


def _board_files(chunk: list[tuple[int, str]], base: str) -> dict[str, str | None]:
    """The board files a chunk names, read here: the Dask workers may not share this file system."""
    files: dict[str, str | None] = {}
    for _, text in chunk:
        try:
            data = parse_line(text)
        except Exception:  # noqa: BLE001 - the line's own evaluation reports it
            continue
        name = data.get("board_file") if isinstance(data, dict) else None
        if isinstance(name, str):
            full = str(Path(base) / name) if base else name
            files[full] = read_board_file(full)
    return files


def dask_client(scheduler: str | None):
    """A client of the Dask scheduler at ``scheduler`` (--backend dask of crosscheck and loops); bad input when
    dask is not installed, no address is given, or no scheduler answers there."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(None, "--backend", "dask is not installed", "pip install 'mtgjudge[dask]'") from None
    if not scheduler:
        raise InputError(None, "--scheduler", "--backend dask needs the address of a Dask scheduler",
                         "give --scheduler tcp://HOST:PORT")
    try:
        return Client(scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(None, "--scheduler", f"no Dask scheduler at {scheduler} ({e.__class__.__name__})",
                         "start one (dask scheduler) or fix the address") from None


def _run_dask(chunks, base: str, card_dirs: tuple[str, ...], time_limit: float, scheduler: str | None,
              engine: str | None = None):
    client = dask_client(scheduler)
    try:
        workers = max(1, sum(client.nthreads().values()))

        def submit(chunk):
            return client.submit(_dask_chunk, chunk, base, _board_files(chunk, base), tuple(card_dirs), time_limit,
                                 engine, pure=False)

        def get(handle) -> list[dict]:
            future, chunk = handle
            try:
                return future.result()
            except Exception:  # noqa: BLE001 - a worker died (KilledWorker) or the task failed: each case alone
                return [_dask_one(client, line, text, base, card_dirs, time_limit, engine) for line, text in chunk]

        for results, nbytes in _ordered(lambda c: (submit(c), c), get, chunks, 4 * workers):
            yield from _with_bytes(results, nbytes)
    finally:
        client.close()


def _dask_one(client, line: int, text: str, base: str, card_dirs: tuple[str, ...], time_limit: float,
              engine: str | None = None) -> dict:
    """One case of a chunk whose task failed, run alone: its record, or its ``error``."""
    chunk = [(line, text)]
    try:
        return client.submit(_dask_chunk, chunk, base, _board_files(chunk, base), tuple(card_dirs), time_limit,
                             engine, pure=False).result()[0]
    except Exception as e:  # noqa: BLE001 - this case killed its worker (KilledWorker), or its task failed
        died = type(e).__name__ == "KilledWorker"
        return error_record(_known(text), line, WORKER_DIED if died else e)
