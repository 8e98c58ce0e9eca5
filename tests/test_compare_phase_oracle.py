"""benchmarks/compare_phase_oracle.py: its pure functions without phase-python (which mtgjudge does not
depend on), its exit 2 when phase-python is missing, and one database card through both readers when
phase-python is installed (skipped otherwise, saying why)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from carddata import db  # noqa: F401 (the database fixture)
from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import compare_phase_oracle as cmp  # noqa: E402

HAVE_PHASE = importlib.util.find_spec("phase") is not None


def test_normalize_names_and_self_references():
    assert cmp.normalize("When this creature enters, draw a card. (Reminder.)") == "when ~ enters, draw a card"
    assert cmp.normalize("Isamaru, Hound of Konda attacks each combat.", "Isamaru, Hound of Konda") == "~ attacks each combat"
    assert cmp.normalize("[+1]: Each player discards a card.") == "+1: each player discards a card"
    assert cmp.normalize("~ is every creature type .") == "~ is every creature type"


def test_keyword_names_as_mtgjudge_names_them():
    assert cmp.keyword_name("FirstStrike") == "first strike"
    assert cmp.keyword_name({"Protection": {"Color": "Blue"}}) == "protection"
    assert cmp.keyword_name("Flying") == "flying"


def test_layers_of_a_continuous_static_and_of_a_generic_effect():
    static = {"mode": "Continuous", "characteristic_defining": False,
              "modifications": [{"type": "AddPower"}, {"type": "AddKeyword"}, {"type": "ChangeController"},
                                {"type": "NoSuchModification"}, {"type": "AssignDamageFromToughness"}]}
    assert cmp.phase_layers(static) == (["2", "6", "7c"], ["NoSuchModification"])
    cda = {"mode": "Continuous", "characteristic_defining": True, "modifications": [{"type": "SetDynamicPower"}]}
    assert cmp.phase_layers(cda) == (["7a"], [])
    spell = {"kind": "Spell", "effect": {"type": "GenericEffect", "static_abilities": [
        {"mode": "Continuous", "modifications": [{"type": "SetColor"}, {"type": "AddType"}]}]}}
    assert cmp.phase_layers(spell) == (["4", "5"], [])


def test_phase_items_classes_and_unparsed_markers():
    face = {"name": "X", "keywords": ["Flying"],
            "abilities": [{"kind": "Activated", "description": "{T}: Add {G}.", "effect": {"type": "Mana"}},
                          {"kind": "Spell", "description": None,
                           "effect": {"type": "Unimplemented", "name": "unparsed"}}],
            "triggers": [{"description": "CR 702.25a: Flanking", "execute": {}}],
            "static_abilities": [{"mode": "CantBlock", "description": "X can't block."}],
            "replacements": [{"description": "If X would die, exile it instead."}]}
    items, keywords = cmp.phase_items(face)
    assert keywords == ["flying"]
    assert [(i["cls"], i["unparsed"], i["keyword_part"]) for i in items] == [
        ("activated", False, False), ("spell", True, False), ("triggered", False, True), ("static", False, False),
        ("replacement", False, False)]
    assert items[3]["desc"] == "~ can't block"


def _item(cls, desc, mods=(), unparsed=False, keyword_part=False):
    return {"cls": cls, "desc": desc, "unparsed": unparsed, "mods": [[m, False] for m in mods],
            "keyword_part": keyword_part}


def test_place_by_words_then_in_order():
    paragraphs = ["vigilance", "when ~ dies, create two tokens with vigilance", "choose one —", "• draw a card"]
    trig = _item("triggered", "when ~ dies, create two tokens with vigilance")
    modal = _item("spell", "choose one — • draw a card")
    blank = _item("activated", None)
    placed = cmp.place(paragraphs, [trig, modal, blank])
    assert placed[0] == [(blank, False)]  # never the keyword line by its word "vigilance"
    assert placed[1] == [(trig, True)]
    assert placed[2] == [] and placed[3] == [(modal, True)]  # "choose one —" has fewer than four words


def _mine(cls, read=True, layers=(), keyword=None):
    return {"cls": cls, "kind": cls, "read": read, "layers": list(layers), "keyword": keyword}


def test_compare_paragraph():
    kw = cmp.compare_paragraph([_mine("keyword", keyword="flying")], [(_item("triggered", None), False)],
                               ["flying"], False)
    assert kw["m_read"] and kw["p_read"] and kw["p_classes"] == ["keyword"]  # an item placed in order is the keyword's
    anthem = cmp.compare_paragraph([_mine("static", layers=["7c"])],
                                   [(_item("static", "creatures you control get +1/+1", ["AddPower", "AddToughness"]), True)], [], False)
    assert anthem["m_classes"] == anthem["p_classes"] == ["static"] and anthem["m_layers"] == anthem["p_layers"] == ["7c"]
    warned = cmp.compare_paragraph([_mine("static")], [(_item("static", "x"), True)], [], True)
    assert not warned["p_read"]
    unread = cmp.compare_paragraph([_mine("triggered", read=False)], [(_item("triggered", "x", unparsed=True), True)],
                                   [], False)
    assert not unread["m_read"] and not unread["p_read"]
    future = cmp.compare_paragraph([_mine("a_kind_added_later"), _mine("static")], [], [], False)
    assert future["m_classes"] == ["static", "a_kind_added_later"]  # a kind KIND_CLASS lacks is its own class, last


def test_tally_groups_disagreements_and_the_report_is_deterministic():
    def card(name, *paras):
        return {"name": name, "m_card": True, "p_card": True, "paragraphs": [
            {"m_read": True, "p_read": True, "m_classes": m, "p_classes": p, "m_kinds": m, "m_layers": ml,
             "p_layers": pl, "keywords": ([], []), "m_abilities": (1, 1), "p_items": (1, 1), "unmapped": [],
             "text": f"{name} text"} for m, p, ml, pl in paras]}

    results = [card("B", (["replacement"], ["static"], [], [])), card("A", (["replacement"], ["static"], [], [])),
               card("C", (["static"], ["static"], ["6"], ["6", "7c"]))]
    t = cmp.tally(sorted(results, key=lambda r: r["name"]))
    assert t["both"] == 3 and t["kind_agree"] == 1 and t["layer_pairs"] == 1 and t["layer_agree"] == 0
    assert t["kind_dis"] == [(("replacement", "static"), [("A", "A text"), ("B", "B text")])]
    assert t["layer_dis"] == [(("6", "6,7c"), [("C", "C text")])]
    one = cmp.markdown(t, "0.0", "2026-01-01", 1.0, 2, 1)
    assert one == cmp.markdown(cmp.tally(sorted(results, key=lambda r: r["name"])), "0.0", "2026-01-01", 1.0, 2, 1)
    assert "Generated by `python benchmarks/compare_phase_oracle.py" in one and "phase-python 0.0" in one


def test_without_phase_it_says_how_to_install_it_and_exits_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "phase", None)  # import phase raises ImportError
    assert cmp.main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == cmp.MISSING and "pip install phase-python" in err and len(err.strip().splitlines()) == 1


@pytest.mark.skipif(not HAVE_PHASE, reason="phase-python is not installed (pip install phase-python): the script's "
                                           "optional peer, not a dependency of mtgjudge")
def test_a_database_card_through_both_readers(db):  # noqa: F811
    name = "Glorious Anthem"
    summary = cmp.phase_read(db.record(name))
    assert summary is not None and summary["items"]
    result = cmp.compare_card(name, db.record(name), db.card(name), summary)
    assert result["m_card"] and result["p_card"] and len(result["paragraphs"]) == 1
    para = result["paragraphs"][0]
    assert para["p_read"] and para["p_classes"] == ["static"] and para["p_layers"] == ["7c"]
