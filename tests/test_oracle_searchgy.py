"""Family 5's searches of the library and/or graveyard for another card by name (engine/vocab/oracle/oneshot.lark's
block "library searches and looks: more shapes (issue 21)", reader engine/vocab/oracle/oneshot_libextra.py): "search
your library and/or graveyard for a card named Chandra, Bold Pyromancer, reveal it, and put it into your hand" then "If
you search your library this way, shuffle." (701.23a, 201.2, 404.2, 701.24a) -> search_library {named, also_graveyard,
reveal, to: hand}; the loop: engine/game/library_ops.py and engine/game/also_graveyard.py.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The game that executes them: tests/data/games/701-23a-search-library-and-graveyard-named.yaml
(test_games.py; below too, for its log).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.game.common import GameError
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
GAME = Path(__file__).parent / "data" / "games" / "701-23a-search-library-and-graveyard-named.yaml"


def _search(name: str) -> dict:
    return {"op": "search_library", "named": name, "also_graveyard": True, "reveal": True, "to": "hand"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Liliana's Scorn",
     "Destroy target creature. You may search your library and/or graveyard for a card named Liliana, Death Mage, reveal "
     "it, and put it into your hand. If you search your library this way, shuffle.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "destroy"}, {"op": "may", "one_shot": [_search("Liliana, Death Mage")]}]}),
    ("Chandra's Outburst",
     "Search your library and/or graveyard for a card named Chandra, Bold Pyromancer, reveal it, and put it into your "
     "hand. If you search your library this way, shuffle.",
     {"kind": "spell", "one_shot": [_search("Chandra, Bold Pyromancer")]}),
    ("Tower Winder",
     "When this creature enters, search your library and/or graveyard for a card named Command Tower, reveal it, and put "
     "it into your hand. If you search your library this way, shuffle.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [_search("Command Tower")]}),
    ("Sun-Blessed Mount",
     "When this creature enters, you may search your library and/or graveyard for a card named Huatli, Dinosaur Knight, "
     "reveal it, then put it into your hand. If you searched your library this way, shuffle.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "may", "one_shot": [_search("Huatli, Dinosaur Knight")]}]}),
    ("Gideon's Battle Cry",
     "Put a +1/+1 counter on each creature you control. You may search your library and/or graveyard for a card named "
     "Gideon, the Oathsworn, reveal it, and put it into your hand. If you search your library this way, shuffle.",
     None),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    abilities = [a for a in card_file(record).abilities if a.text == paragraph]
    assert len(abilities) == 1 and executable_by(abilities[0]) is not None
    if expected is not None:
        assert abilities[0] == ABILITY.validate_python(dict(expected, text=paragraph))
    else:  # ("Gideon, the Oathsworn": a name with "the" after its comma)
        assert _search("Gideon, the Oathsworn") in abilities[0].model_dump(exclude_defaults=True)["one_shot"][1]["one_shot"]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    # no shuffle sentence: the search is not complete
    "Destroy target creature. You may search your library and/or graveyard for a card named Liliana, Death Mage, reveal "
    "it, and put it into your hand.",
    "Draw a card. If you search your library this way, shuffle.",  # no search before it
    # another player searches (Auditore Ambush's mode)
    "Target player searches their library and/or graveyard for a card named Ezio, Blade of Vengeance, reveals it, and "
    "puts it into their hand. If they search their library this way, they shuffle.",
    # the card onto the battlefield
    "You may search your library and/or graveyard for a card named Liliana, Death Mage, reveal it, and put it onto the "
    "battlefield. If you search your library this way, shuffle.",
    # two names
    "When this creature enters, you may search your library for a card named Alpine Watchdog and/or a card named Igneous "
    "Cur, reveal them, put them into your hand, then shuffle.",
    # hand and/or graveyard too
    "When this creature enters, you may search your graveyard, hand, and/or library for an Aura card and put it onto the "
    "battlefield attached to this creature. If you search your library this way, shuffle.",
    # a name that isn't one (lowercase)
    "You may search your library and/or graveyard for a card named liliana, reveal it, and put it into your hand. If you "
    "search your library this way, shuffle.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_graveyard_card_found_no_shuffle_library_card_shuffled():
    """701.23a, 404.2: the card named in the graveyard is found there (the library not shuffled: the graveyard alone
    searched); the other in the library is found and the library shuffled (701.24a); the card of another name is not."""
    library = load_library()
    state, actions, until = load_game(GAME, library)
    result = play(state, actions, library=library, until=until)
    st = result.state
    assert sorted(st.zone_ids("hand", "alice")) == ["chandra", "lili"]
    assert st.zone_ids("graveyard", "alice") == ["other", "scorn", "outburst"]
    texts = [(e.rule, e.text) for e in result.log]
    found = [i for i, (r, t) in enumerate(texts) if r == "701.23a" and "finds" in t]
    shuffles = [i for i, (r, _) in enumerate(texts) if r == "701.24a"]
    assert len(found) == 2 and "in their graveyard" in texts[found[0]][1] and "graveyard" not in texts[found[1]][1]
    assert len(shuffles) == 1 and shuffles[0] > found[1]  # (none after the first search)


def test_wrong_name_refused(tmp_path):
    """201.2: a card of another name (Liliana, Death Wielder, in the same graveyard) can't be what the search finds."""
    raw = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    assert raw["actions"][4] == {"search": "lili", "by": "alice"}
    raw["actions"][4] = {"search": "other", "by": "alice"}
    path = tmp_path / "wrong_name.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    library = load_library()
    state, actions, until = load_game(path, library)
    with pytest.raises(GameError, match="701.23a"):
        play(state, actions, library=library, until=until)
