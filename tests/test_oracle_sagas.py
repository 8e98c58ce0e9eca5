"""Sagas' chapter abilities (714.2b-c, current official rules; engine/vocab/oracle/sagas.py) and "Exile this Saga, then
return it to the battlefield transformed under your control." (712, 701.27; oneshot.lark's os_saga_sentence): what
compiles, and the near misses that must not. The games that execute them: tests/data/games/714-*.yaml and
704-5s-*.yaml (test_games.py)."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_mode, compile_paragraph
from engine.vocab.oracle.sagas import chapters


def _one(text: str, name: str = "Saga Card"):
    found = compile_paragraph(text, name)
    assert found is not None and len(found) == 1, text
    return found[0]


@pytest.mark.parametrize("text, numbers, ops", [
    ("I — Each opponent discards a card.", (1,), ["discard"]),  # The Eldest Reborn's II's words
    ("II, III — Each opponent loses 1 life and you gain 1 life.", (2, 3), ["lose_life", "gain_life"]),
    ("I, II — Draw a card, then discard a card.", (1, 2), ["draw", "discard"]),
    ("III — Exile this Saga, then return it to the battlefield transformed under your control.", (3,),
     ["exile_return"]),
    ("IV — Exile this Saga, then return it to the battlefield transformed under your control.", (4,),
     ["exile_return"]),
])
def test_chapter_compiles_to_a_lore_counter_trigger(text, numbers, ops):
    ab = _one(text)
    assert ab.kind == "triggered"
    t = ab.trigger
    assert (t.event, t.kind, t.chapters, t.subjects) == ("counters_put", "lore", numbers, None)
    assert [op.op for op in ab.one_shot] == ops
    assert executable_by(ab) is not None


@pytest.mark.parametrize("text, fields", [
    ("III — Exile this Saga, then return it to the battlefield transformed under your control.",
     {"transformed": True, "under": "you"}),
    ("{4}{R}{R}, {T}: Exile ~, then return it to the battlefield transformed under its owner's control.",
     {"transformed": True, "under": "owner"}),  # (Westvale Abbey's words)
    ("III — Exile this Saga, then return it to the battlefield.", {"transformed": False, "under": "owner"}),  # 110.2a
    ("If ~ has dealt 3 or more damage this turn, exile her, then return her to the battlefield transformed under her "
     "owner's control.", None),  # an "if" sentence: not read
])
def test_exile_then_return_the_source(text, fields):
    found = compile_paragraph(text, "Saga Card")
    if fields is None:
        assert found is None
        return
    op = found[0].one_shot[0]
    assert op.op == "exile_return" and {"transformed": op.transformed, "under": op.under} == fields


def test_a_chapter_whose_effect_is_a_continuous_effect():
    """History of Benalia's III: "Knights you control get +2/+1 until end of turn." (the subtype's capital kept)."""
    ab = _one("III — Knights you control get +2/+1 until end of turn.", "History of Benalia")
    assert ab.trigger.chapters == (3,) and ab.continuous is not None
    assert ab.continuous.applies_to.subtypes == ["Knight"]


@pytest.mark.parametrize("text", [
    "III — Exile target creature, then return it to the battlefield transformed under your control.",  # not the source
    "III — Exile this Saga, then return it to the battlefield transformed under target opponent's control.",
    "III — Exile this Saga, then return it to the battlefield tapped.",  # tapped: not read
    "III — Exile this Saga, then return it to your hand.",
    "II, I — Each opponent discards a card.",  # chapters out of order: no printed form
    "VII — Each opponent discards a card.",  # no such chapter symbol read
    "I — Each opponent discards a card",  # no final period: not a sentence
    "I — When this Saga enters, each opponent discards a card.",  # a trigger in a chapter: not a one-shot effect
    "Exile this Saga, then return it to the battlefield transformed under your control.",  # no chapter symbol
])
def test_near_misses_do_not_compile_as_chapters(text):
    found = compile_paragraph(text, "Saga Card")
    assert found is None or not any(getattr(getattr(a, "trigger", None), "chapters", None) for a in found), text
    if text.startswith(("I", "V")) and " — " in text:
        assert found is None, text


def test_chapter_numbers():
    assert chapters("I, II, III — Scry 1.") == ((1, 2, 3), "Scry 1.")
    assert chapters("VI — Scry 1.") == ((6,), "Scry 1.")
    assert chapters("Flying") is None
    assert chapters("III, II — Scry 1.") is None


def test_the_trigger_model_refuses_chapters_elsewhere():
    from pydantic import ValidationError

    from engine.vocab.triggers import ZoneTrigger

    assert ZoneTrigger(event="counters_put", kind="lore", chapters=(1, 2)).chapters == (1, 2)
    for bad in ({"event": "counters_put", "kind": "+1/+1", "chapters": (1,)}, {"event": "enters", "chapters": (1,)},
                {"event": "counters_put", "kind": "lore", "chapters": ()},
                {"event": "counters_put", "kind": "lore", "chapters": (0,)}):
        with pytest.raises(ValidationError):
            ZoneTrigger(**bad)


def test_a_modal_chapter_and_its_modes():
    """700.2, 603.3c, 714.2b-c: "I, II — Choose one —" is a chapter ability with modes; each "•" paragraph a mode read as
    its effect; a mode not read (near miss) is None, and then the whole ability isn't compiled (dbcards)."""
    (ab,) = compile_paragraph("I, II — Choose one —", "Saga Card")
    assert ab.kind == "triggered" and tuple(ab.trigger.chapters) == (1, 2) and ab.modes.number == 1
    mode = compile_mode("I, II — Choose one —", "• You gain 2 life.", "Saga Card")
    assert mode is not None and mode.kind == "mode" and mode.one_shot[0].op == "gain_life"
    assert compile_mode("I, II — Choose one —", "• You gain 2 life", "Saga Card") is None  # no final period
    assert compile_mode("I, II — Choose one —", "• Conjure a card named Saga into your hand.", "Saga Card") is None
