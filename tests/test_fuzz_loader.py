"""Hypothesis feeds random malformed boards to the loader: it loads them or refuses them with an
InputError (one line); it never raises anything else."""

from __future__ import annotations

import copy

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.files.errors import InputError
from engine.files.loader import board_from_data, load_board_text

VALID = {
    "players": ["alice", "bob"],
    "life": {"alice": 20, "bob": 7},
    "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 2}},
        {"card": "Lure", "controller": "bob", "attached_to": "grizzly_bears"},
        {"card": "Clue", "controller": "alice", "token": True},
        {"card": "Jace's Phantasm" if False else "Hill Giant", "controller": "bob", "tapped": True},
    ],
    "effects": [{"from": "Giant Growth", "controller": "alice", "targets": ["grizzly_bears"]}],
    "hand": {"alice": ["Forest", {"card": "Giant Growth", "id": "gg"}]},
    "library": {"bob": ["Island", "Swamp"]},
    "stack": [{"card": "Sorin's Thirst", "controller": "bob", "targets": ["grizzly_bears"]}],
    "combat": {"attackers": {"grizzly_bears": "bob"}, "blockers": {"hill_giant": ["grizzly_bears"]}},
}

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-5, max_value=50), st.text(max_size=12),
    st.sampled_from(["alice", "bob", "carol", "grizzly_bears", "lure", "Grizzly Bears", "Clue", "+1/+1", ""]),
)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                      max_leaves=8)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


ALL_PATHS = [p for p in _paths(VALID) if p]


def _mutate(data, path, action, value):
    data = copy.deepcopy(data)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "replace":
        parent[last] = value
    elif action == "delete":
        del parent[last]
    elif action == "add_key" and isinstance(parent[last], dict):
        parent[last]["zz_" + str(value)[:5]] = value
    elif action == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    return data


def _mutated(mutations):
    """VALID with the mutations applied in order (one whose path an earlier one removed is skipped)."""
    data = VALID
    for path, action, value in mutations:
        try:
            data = _mutate(data, path, action, value)
        except (KeyError, IndexError, TypeError):
            continue
    return data


def _check(data):
    try:
        board_from_data(data, _lib(), "fuzz.yaml")
    except InputError as e:
        line = e.line()
        assert "\n" not in line and line.startswith("fuzz.yaml")


_LIB = None


def _lib():
    global _LIB
    if _LIB is None:
        from engine.files.library import load_library

        _LIB = load_library()
    return _LIB


def test_valid_board_loads():
    state = board_from_data(VALID, _lib(), "valid.yaml")
    assert state.objects["grizzly_bears"].counters == {"+1/+1": 2}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mutations=st.lists(
        st.tuples(st.sampled_from(ALL_PATHS), st.sampled_from(["replace", "delete", "add_key", "duplicate"]), values),
        min_size=1, max_size=4,
    )
)
def test_mutated_boards_never_raise_anything_but_input_errors(mutations):
    _check(_mutated(mutations))


@settings(max_examples=200, deadline=None)
@given(values)
def test_arbitrary_documents_never_raise_anything_but_input_errors(doc):
    _check(doc)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text_never_raises_anything_but_input_errors(text):
    try:
        load_board_text(text, _lib(), "fuzz.yaml")
    except InputError as e:
        assert "\n" not in e.line()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(ALL_PATHS), st.integers(0, 200))
def test_truncated_yaml_never_raises_anything_but_input_errors(path, cut):
    text = yaml.safe_dump(VALID, sort_keys=False)
    cut_at = min(len(text), cut * len(text) // 200)
    try:
        load_board_text(text[:cut_at], _lib(), "fuzz.yaml")
    except InputError as e:
        assert "\n" not in e.line()


@settings(max_examples=100, deadline=None)
@given(mutations=st.lists(st.tuples(st.sampled_from(ALL_PATHS), st.sampled_from(["replace", "delete"]), values),
                          min_size=1, max_size=3))
def test_the_command_line_answers_exit_0_or_2_with_one_line(mutations):
    """The same through the CLI: a board is shown, or refused with exit 2 and one line on standard error."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    from engine.app.cli import main

    data = _mutated(mutations)
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board.yaml"
        board.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["show", str(board), "--json"])
    if code == 0:
        assert err.getvalue() == "" and out.getvalue().startswith("{")
    else:
        assert code == 2 and out.getvalue() == ""
        assert len(err.getvalue().splitlines()) == 1 and err.getvalue().startswith(f"mtgjudge: error: {board}: ")
