"""`mtgjudge loops`'s command line (docs/loops.md, "Running it"): the pool's options, bad input in one line and exit
2, the report and the graph."""

from __future__ import annotations

URBORG = "Urborg, Tomb of Yawgmoth"


def test_a_pool_file_names_cards_one_a_line(run, tmp_path):
    pool = tmp_path / "pool.txt"
    pool.write_text(f"# the C3 case\nBlood Moon\n\n{URBORG}\n", encoding="utf-8")
    r = run("loops", "--pool", str(pool), "--max-size", "2", "--jobs", "1")
    assert r.code == 0, r.err
    assert "cards: 2;" in r.out
    assert f"{URBORG}#1 depends on Blood Moon#1 (layer 4, existence, 613.8a) — witness: the board " in r.out


def test_an_unknown_name_in_a_pool_file_is_its_line_and_exit_2(run, tmp_path):
    pool = tmp_path / "pool.txt"
    pool.write_text("Blood Moon\nBlood Mon\n", encoding="utf-8")
    r = run("loops", "--pool", str(pool))
    assert r.code == 2 and r.out == ""
    assert r.err.startswith(f"mtgjudge: error: {pool}: line 2: unknown card 'Blood Mon' (fix: ")
    assert "Blood Moon" in r.err and len(r.err.strip().splitlines()) == 1


def test_bad_pools_are_one_line_and_exit_2(run, tmp_path):
    r = run("loops", "--cards", "Blood Moon,Nonexistent Cardname Xyz")
    assert r.code == 2 and "--cards: unknown card 'Nonexistent Cardname Xyz'" in r.err
    r = run("loops", "--cards", "Blood Moon", "--all")
    assert r.code == 2 and "the pool is given twice (--cards and --all)" in r.err
    r = run("loops", "--pool", str(tmp_path / "missing.txt"))
    assert r.code == 2 and "missing.txt: no such file" in r.err
    r = run("loops", "--cards", "Blood Moon", "--scheduler", "tcp://127.0.0.1:1")
    assert r.code == 2 and "--scheduler: is for --backend dask" in r.err
    r = run("loops", "--cards", "Blood Moon", "--graph", "dot", "--json")
    assert r.code == 2 and "--graph" in r.err
    r = run("loops", "--cards", "Blood Moon", "--max-size", "4")
    assert r.code == 2


def test_a_name_with_a_comma_is_read_whole(library):
    from engine.app.loops.pool import cards_named

    assert cards_named(library, [f"{URBORG},Blood Moon", "Humility"]) == [URBORG, "Blood Moon", "Humility"]


def test_the_graph_has_the_dependency_found(run):
    mermaid = run("loops", "--cards", f"Blood Moon,{URBORG}", "--max-size", "2", "--jobs", "1", "--graph", "mermaid")
    assert mermaid.code == 0
    lines = mermaid.out.splitlines()
    ids = {line.split("[")[0].strip(): line.split('"')[1] for line in lines if '["' in line}
    edges = [line.split() for line in lines if "-->" in line]
    assert any(ids[e[0]] == f"{URBORG}#1" and ids[e[-1]] == "Blood Moon#1" and "existence" in e[1] for e in edges)
    dot = run("loops", "--cards", f"Blood Moon,{URBORG}", "--max-size", "2", "--jobs", "1", "--graph", "dot")
    assert f'"{URBORG}#1" -> "Blood Moon#1"' in dot.out and "reason=existence" in dot.out


def test_a_pool_without_continuous_effects_is_an_empty_catalogue(run):
    r = run("loops", "--cards", "Grizzly Bears,Forest", "--jobs", "1")
    assert r.code == 0, r.err
    assert "continuous-effect abilities: 0 in 0 classes" in r.out and "found: 0 (" in r.out


def test_an_empty_pool_an_empty_name_and_a_card_named_twice_are_one_line_and_exit_2(run, tmp_path):
    # each would be ignored otherwise: an empty catalogue, a name skipped, a card searched once (nothing silent)
    for args, message in ((["--cards", ""], "--cards: an empty name (fix: "),
                          (["--cards", f"Blood Moon,,{URBORG}"], "--cards: an empty name between two commas in "),
                          (["--cards", "Blood Moon,"], "--cards: an empty name after a comma in 'Blood Moon,'"),
                          (["--cards", "Blood Moon", "--cards", "Humility,Blood Moon"],
                           "--cards: 'Blood Moon' is named twice in the pool (fix: name each card once)")):
        r = run("loops", *args)
        assert r.code == 2 and r.out == "" and message in r.err, (args, r.err)
        assert len(r.err.strip().splitlines()) == 1
    pool = tmp_path / "pool.txt"
    pool.write_text(f"Blood Moon\n{URBORG}\n# again\nBlood Moon\n", encoding="utf-8")
    r = run("loops", "--pool", str(pool))
    assert r.code == 2 and f"{pool}: line 4: 'Blood Moon' is named twice in the pool" in r.err
    pool.write_text("# nothing yet\n\n", encoding="utf-8")
    r = run("loops", "--pool", str(pool))
    assert r.code == 2 and f"{pool}: names no card (fix: " in r.err


def test_an_out_folder_that_cant_be_made_and_dask_without_a_scheduler_are_refused_before_any_search(run, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    r = run("loops", "--cards", f"Blood Moon,{URBORG}", "--out", str(blocker / "inside"))
    assert r.code == 2 and r.out == "" and f"{blocker / 'inside'}: --out: can't be written (" in r.err
    assert "internal error" not in r.err and len(r.err.strip().splitlines()) == 1
    # one card: no search to make, so the backend was never asked for before
    r = run("loops", "--cards", "Blood Moon", "--backend", "dask")
    assert r.code == 2 and "--scheduler: --backend dask needs the address of a Dask scheduler" in r.err
