"""Issue 22, who chooses (616.1) is the replace program's (asp_rules/replace_chooser.lp): the affected player, or the
controller of the affected object (its owner if it has no controller: off the battlefield and the stack, 108.4a), for
the input events and the events the effects make (615.5, 616.1f); the bridge sends the state and reads chooser/2.
The data cases check the answers on real cards (tests/data/replace/616-1-chooser.yaml and the others' `chooser`)."""

from __future__ import annotations

import importlib
import pkgutil

import clingo

import bridge.replace
from asp_rules import path
from bridge.replace import division


def _atoms(facts: str) -> set[str]:
    """Every atom of the replace program (its files as the bridge grounds them) on these facts."""
    ctl = clingo.Control(["--warn=none"])
    for name in division.FILES:
        ctl.add("base", [], path(name).read_text(encoding="utf-8"))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    got: set[str] = set()
    ctl.solve(on_model=lambda m: got.update(str(a) for a in m.symbols(atoms=True)))
    return got


def test_no_python_chooser():
    """616.1 is decided in the program: the bridge has no chooser of its own, and reads the program's chooser/2."""
    for module in pkgutil.iter_modules(bridge.replace.__path__):
        assert not hasattr(importlib.import_module(f"bridge.replace.{module.name}"), "chooser"), module.name
    assert "replace_chooser.lp" in division.FILES
    assert "#show chooser/2." in path("tasks/replace.lp").read_text(encoding="utf-8")


def test_off_the_battlefield_the_owner_chooses():
    """108.4a: a card in a graveyard has no controller (a characteristic the selectors read may say otherwise: c/3's
    ctl is its owner's there, or anything): its owner chooses; a spell on the stack: its controller; a permanent: its
    controller after the layers (613.1b), not its owner."""
    got = _atoms('player("alice"). player("bob"). '
                 'ev(1,zone_change). ev_obj(1,"card"). obj("card"). zone("card",graveyard). owner("card","alice"). '
                 'c("card",ctl,"bob"). '
                 'ev(2,enter). ev_obj(2,"spell"). obj("spell"). zone("spell",stack). owner("spell","alice"). '
                 'c("spell",ctl,"bob"). ev_to(2,untapped). ev_ctl(2,"alice"). '
                 'ev(3,counters). ev_obj(3,"stolen"). obj("stolen"). zone("stolen",battlefield). owner("stolen","alice"). '
                 'c("stolen",ctl,"bob"). ev(4,counters). ev_obj(4,"bob"). ev(5,token). ev_player(5,"alice"). '
                 'ev(6,draw). ev_player(6,"bob").')
    assert {a for a in got if a.startswith("chooser(")} == {
        'chooser(1,"alice")', 'chooser(2,"bob")', 'chooser(3,"bob")', 'chooser(4,"bob")', 'chooser(5,"alice")',
        'chooser(6,"bob")'}


def test_damage_redirected_the_new_recipient_chooses():
    """616.1, 614.9, 616.1f: damage to alice redirected to a creature bob controls (alice owns it): the event as it is
    is alice's to order; as modified, it affects bob's creature, and bob orders the effects left."""
    got = _atoms('player("alice"). player("bob"). ev(1,damage). ev_amount(1,2). ev_to(1,"alice"). '
                 'eff("e",redirect,damage). bit("e",1). eff_dest("e","wall"). any_target("e"). '
                 'obj("wall"). zone("wall",battlefield). owner("wall","alice"). c("wall",ctl,"bob").')
    assert 'chooser(1,"alice")' in got and 'chooser(1,"bob")' not in got
    assert 'chooser_at(1,0,2,0,"alice","alice")' in got
    assert 'chooser_at(1,1,2,0,"wall","bob")' in got
