"""Keyword abilities (702) known to the card format, with their rule number and parameter.

Parameters: ``None`` (a bare keyword such as flying), ``"n"`` (a number: rampage 2, devour 3),
``"cost"`` (a cost: equip {3}, kicker {2}{G}), ``"quality"`` (a quality: protection from green,
enchant creature, landwalk's land type, affinity for artifacts). Rules 702.2-702.42 are taken from
the French text in ../shared/seeds; 702.43 onward are numbered from the current official English
rules (the seed stops at 702.42), which docs/coverage.md says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class KeywordInfo:
    name: str
    rule: str
    param: str | None  # None, "n", "cost", "quality", "quality+cost" (typecycling: both), "n+cost" (reinforce)
    from_seed: bool  # True for 702.2-702.42 (the French text), False for later rules
    optional: str | None = None  # a parameter it may have too (702.6c: equip's quality, "Equip Knight {1}")


def _k(name: str, rule: str, param: str | None = None, optional: str | None = None) -> KeywordInfo:
    number = int(rule.split(".")[1])
    return KeywordInfo(name, rule, param, number <= 42, optional)


_TABLE = [
    _k("deathtouch", "702.2"), _k("defender", "702.3"), _k("double strike", "702.4"),
    _k("enchant", "702.5", "quality"), _k("equip", "702.6", "cost", "quality"), _k("first strike", "702.7"),
    _k("flash", "702.8"), _k("flying", "702.9"), _k("haste", "702.10"), _k("hexproof", "702.11"),
    _k("indestructible", "702.12"), _k("intimidate", "702.13"), _k("landwalk", "702.14", "quality"),
    _k("lifelink", "702.15"), _k("protection", "702.16", "quality"), _k("reach", "702.17"),
    _k("shroud", "702.18"), _k("trample", "702.19"), _k("trample over planeswalkers", "702.19"),
    _k("vigilance", "702.20"),
    _k("ward", "702.21", "cost"), _k("banding", "702.22"), _k("rampage", "702.23", "n"),
    _k("bands with other", "702.22", "quality"),  # 702.22b: "bands with other legendary creatures" (its quality)
    _k("cumulative upkeep", "702.24", "cost"), _k("flanking", "702.25"), _k("phasing", "702.26"),
    _k("buyback", "702.27", "cost"), _k("shadow", "702.28"), _k("cycling", "702.29", "cost"),
    _k("typecycling", "702.29", "quality+cost"),  # 702.29e: "[Type]cycling [cost]", written "Forestcycling {2}"
    _k("echo", "702.30", "cost"), _k("horsemanship", "702.31"), _k("fading", "702.32", "n"),
    _k("kicker", "702.33", "cost"), _k("flashback", "702.34", "cost"), _k("madness", "702.35", "cost"),
    _k("fear", "702.36"), _k("morph", "702.37", "cost"),
    _k("megamorph", "702.37", "cost"),  # 702.37b: a variant of morph; a megamorph cost is a morph cost
    _k("amplify", "702.38", "n"),
    _k("provoke", "702.39"), _k("storm", "702.40"), _k("affinity", "702.41", "quality"),
    _k("entwine", "702.42", "cost"),
    # 702.43 onward: not in the seed text; numbers from the current official rules.
    _k("modular", "702.43", "n"), _k("sunburst", "702.44"), _k("bushido", "702.45", "n"),
    _k("soulshift", "702.46", "n"), _k("splice", "702.47", "quality"), _k("offering", "702.48", "quality"),
    _k("ninjutsu", "702.49", "cost"), _k("epic", "702.50"), _k("convoke", "702.51"),
    _k("dredge", "702.52", "n"), _k("transmute", "702.53", "cost"), _k("bloodthirst", "702.54", "n"),
    _k("haunt", "702.55"), _k("replicate", "702.56", "cost"), _k("forecast", "702.57"),
    _k("graft", "702.58", "n"), _k("recover", "702.59", "cost"), _k("ripple", "702.60", "n"),
    _k("split second", "702.61"), _k("suspend", "702.62", "cost", "n"), _k("vanishing", "702.63", "n"),
    _k("absorb", "702.64", "n"), _k("aura swap", "702.65", "cost"), _k("delve", "702.66"),
    _k("fortify", "702.67", "cost"), _k("frenzy", "702.68", "n"), _k("gravestorm", "702.69"),
    _k("poisonous", "702.70", "n"), _k("transfigure", "702.71", "cost"), _k("champion", "702.72", "quality"),
    _k("changeling", "702.73"), _k("evoke", "702.74", "cost"), _k("hideaway", "702.75", "n"),
    _k("prowl", "702.76", "cost"), _k("reinforce", "702.77", "n+cost"), _k("conspire", "702.78"),
    _k("persist", "702.79"), _k("wither", "702.80"), _k("retrace", "702.81"),
    _k("devour", "702.82", "n"), _k("exalted", "702.83"), _k("unearth", "702.84", "cost"),
    _k("cascade", "702.85"), _k("annihilator", "702.86", "n"), _k("level up", "702.87", "cost"),
    _k("rebound", "702.88"), _k("umbra armor", "702.89"), _k("infect", "702.90"),
    _k("battle cry", "702.91"), _k("living weapon", "702.92"), _k("undying", "702.93"),
    _k("miracle", "702.94", "cost"), _k("soulbond", "702.95"), _k("overload", "702.96", "cost"),
    _k("scavenge", "702.97", "cost"), _k("unleash", "702.98"), _k("cipher", "702.99"),
    _k("evolve", "702.100"), _k("extort", "702.101"), _k("fuse", "702.102"),
    _k("bestow", "702.103", "cost"), _k("tribute", "702.104", "n"), _k("dethrone", "702.105"),
    _k("hidden agenda", "702.106"), _k("outlast", "702.107", "cost"), _k("prowess", "702.108"),
    _k("dash", "702.109", "cost"), _k("exploit", "702.110"), _k("menace", "702.111"),
    _k("renown", "702.112", "n"), _k("awaken", "702.113", "n+cost"), _k("devoid", "702.114"),
    _k("ingest", "702.115"), _k("myriad", "702.116"), _k("surge", "702.117", "cost"),
    _k("skulk", "702.118"), _k("emerge", "702.119", "cost"), _k("escalate", "702.120", "cost"),
    _k("melee", "702.121"), _k("crew", "702.122", "n"), _k("fabricate", "702.123", "n"),
    _k("partner", "702.124", None, "quality"), _k("undaunted", "702.125"), _k("improvise", "702.126"),
    _k("aftermath", "702.127"), _k("embalm", "702.128", "cost"), _k("eternalize", "702.129", "cost"),
    _k("afflict", "702.130", "n"), _k("ascend", "702.131"), _k("assist", "702.132"),
    _k("jump-start", "702.133"), _k("mentor", "702.134"), _k("afterlife", "702.135", "n"),
    _k("riot", "702.136"), _k("spectacle", "702.137", "cost"), _k("escape", "702.138", "cost"),
    _k("companion", "702.139", "quality"), _k("mutate", "702.140", "cost"), _k("encore", "702.141", "cost"),
    _k("boast", "702.142", "cost"), _k("foretell", "702.143", "cost"), _k("demonstrate", "702.144"),
    _k("daybound", "702.145"), _k("nightbound", "702.145"), _k("disturb", "702.146", "cost"),
    _k("decayed", "702.147"), _k("cleave", "702.148", "cost"), _k("training", "702.149"),
    _k("compleated", "702.150"), _k("reconfigure", "702.151", "cost"), _k("blitz", "702.152", "cost"),
    _k("casualty", "702.153", "n"), _k("enlist", "702.154"), _k("read ahead", "702.155"),
    _k("ravenous", "702.156"), _k("squad", "702.157", "cost"), _k("space sculptor", "702.158"),
    _k("visit", "702.159"), _k("prototype", "702.160", "cost+quality"), _k("living metal", "702.161"),
    _k("more than meets the eye", "702.162", "cost"), _k("for mirrodin!", "702.163"), _k("toxic", "702.164", "n"),
    _k("backup", "702.165", "n"), _k("bargain", "702.166"), _k("craft", "702.167", "quality"),
    _k("disguise", "702.168", "cost"), _k("solved", "702.169"), _k("plot", "702.170", "cost"),
    _k("saddle", "702.171", "n"), _k("spree", "702.172"), _k("freerunning", "702.173", "cost"),
    _k("gift", "702.174", "quality"), _k("offspring", "702.175", "cost"), _k("impending", "702.176", "cost"),
    _k("exhaust", "702.177"), _k("max speed", "702.178"), _k("start your engines!", "702.179"),
    _k("harmonize", "702.180", "cost"), _k("mobilize", "702.181", "n"), _k("job select", "702.182"),
    _k("tiered", "702.183"), _k("station", "702.184"), _k("warp", "702.185", "cost"),
    # the current official rules' firebending (the seed stops at 702.42; its number past warp's is inferred, not
    # checked against a rules text): engine/vocab/oracle/keyword_rules.py DEFINITIONS
    _k("firebending", "702.188", "n"),
    # the current official rules' mayhem (702.187b: "Mayhem [cost]"; 702.187c, "Mayhem" without a cost, not read)
    _k("mayhem", "702.187", "cost"),
    # 702.124a: partner abilities other than "partner": "choose a Background", "Doctor's companion"
    # ("partner—[text]" is partner with its text as optional quality: "Partner—Friends forever")
    _k("choose a background", "702.124"), _k("doctor's companion", "702.124"),
    # 702.124j (current official rules): "partner with [name]", the name as its quality (a deck construction rule and an
    # enters trigger: engine/vocab/oracle/keyword_rules.py DEFINITIONS)
    _k("partner with", "702.124", "quality"),
]
# Known limits: keywords with two parameters (suspend N—cost, awaken N—cost, impending N—cost) keep one
# here; the programs that need the second one add it. 702.6c: equip has a cost and may have a quality
# ("Equip legendary creature {1}": optional "quality"); 702.124a: partner may have its text ("Partner—Survivors").

KEYWORDS: dict[str, KeywordInfo] = {k.name: k for k in _TABLE}

# 702.14: landwalk is written "<type>walk" on cards; 702.14c-d name the land types and qualities.
LANDWALK_TYPES = ("plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk")


def keyword_info(name: str) -> KeywordInfo | None:
    return KEYWORDS.get(name.lower())


def keyword_words(keyword: str, n=None, cost=None, quality=None) -> str:
    if keyword == "landwalk":
        return f"{quality}walk".lower()
    if keyword == "protection":
        return f"protection from {quality}"
    if keyword == "affinity":
        return f"affinity for {quality}"
    if keyword == "typecycling":  # 702.29e: "forestcycling {2}", "basic landcycling {1}"
        return f"{quality}cycling {cost}".lower()
    if keyword == "equip" and quality is not None:  # 702.6c: "equip legendary creature {1}"
        return f"equip {quality} {cost}"
    return " ".join([keyword] + [str(x) for x in (n, cost, quality) if x is not None])


# 702.41a: affinity for a card type ("artifacts") or for a subtype ("Equipment", "Forests", "Allies")
AFFINITY_TYPES = {"artifacts": "artifact", "creatures": "creature", "enchantments": "enchantment", "lands": "land",
                  "planeswalkers": "planeswalker"}


def affinity_quality(quality: str | None) -> tuple[str | None, str | None]:
    """702.41a: what 'affinity for [text]' counts: a card type (lower case, as the layers give it), or a
    subtype (singular); (None, None) for a text this reading doesn't know ('historic permanents')."""
    q = (quality or "").strip()
    if q.lower() in AFFINITY_TYPES:
        return AFFINITY_TYPES[q.lower()], None
    if not re.fullmatch(r"[A-Z][a-z]+", q):
        return None, None
    return None, q[:-3] + "y" if q.endswith("ies") else q[:-1] if q.endswith("s") else q
