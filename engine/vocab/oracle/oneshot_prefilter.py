"""Which paragraphs family 5 (triggered and activated abilities, spells: oneshot.py) parses at all: an
activated ability's restriction sentences the loop reads (602.5b, 602.5d, 603.2h), the words one of the family's
templates needs, and the words of its grammars' terminals. A paragraph this module turns away is "not executable"
without being parsed; one it lets through is parsed whole by the grammar (nothing here reads an ability)."""
from __future__ import annotations

import re
from functools import lru_cache

from engine.vocab.oracle.objects import HERE, grammar_files
from engine.vocab.oracle.words import COUNTER_KIND as _COUNTER_KIND
from engine.vocab.oracle import oneshot_cond, oneshot_libextra
from engine.vocab.oracle.oneshot_eotfx import QUOTED_GRANT  # 111.4: a quoted ability granted, read as its own paragraph

# 602.5b, 602.5d: an activated ability's restrictions, sentences of its effect text the game loop reads
RESTRICTIONS = ("Activate only as a sorcery.", "Activate only once each turn.", "Activate only during your turn.",
                 "This ability triggers only once each turn.", "Do this only once each turn.",  # 603.2h
                 "Activate only during your turn, before attackers are declared.", "Activate only during your upkeep.",
                 "Any player may activate this ability.", "Activate only once.", "Activate only during combat.",
                 "Activate only as an instant.", "Activate only during your upkeep and only once each turn.",
                 "Activate only as a sorcery and only once each turn.", "Activate only as a sorcery and only once.",
                 "Activate only during your turn and only once each turn.", "Activate no more than twice each turn.",
                 "Activate no more than three times each turn.")
# the words one of this family's templates needs: a paragraph with none of them is not parsed
PREFILTER = re.compile(r"\b(draws?|deals?|destroy|counter|gains?|loses?|exiles?|return|tap|untap|put|discards?|gets?|"
                        r"regenerate|creates?|shuffles?|investigate|proliferate|mills?|scry|surveil|search|sacrifices?|block|blocked|attack|pay|prevent|explores|attach|control|look|reveals?|choose|fights?|takes?|connives|bolster|blights?|earthbend|adapt|discover|populate|endures|amass|support|transform|monstrosity|switch|blocks|divided|activate|adds?|spend|copy|becomes? the monarch|becomes|planeswalk|chaos ensues|flip a coin|clash with|roll a (?:d\d+|\w+-sided die)|still|be regenerated this turn|may play (?:that card|those cards|it|them)|set in motion|is dealt to|skip the untap step of that turn|ha(?:s|ve) base power|without paying|the ring tempts you|distribute|repeat this process)\b",
                        re.IGNORECASE)
# a word of the paragraph that no terminal of the grammars has (mana symbols, numbers and P/T aside):
# the paragraph is not this family's, and is not parsed
_SYMBOLS = re.compile(r"^([{}0-9WUBRGCXTQSPE/+−•—|-]+|d(4|6|8|10|12|20))$")  # 706: "|" of a results table's row; "d20"


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    """Every word of the literals and patterns of the grammars this family's parser reads."""
    words = set()
    for name in grammar_files("oneshot"):
        for line in (HERE / name).read_text(encoding="utf-8").splitlines():
            for lit in re.findall(r'"([^"]*)"|/([^/]*)/', line.split("//")[0]):
                words.update(w.lower() for w in re.findall(r"[A-Za-z~'][A-Za-z'/-]*", lit[0] or lit[1]))
    return frozenset(words)


def may_be_ours(bare: str) -> bool:
    if not (PREFILTER.search(bare) or bare.startswith("Choose ") or bare.startswith("As an additional cost")
            or bare.endswith(" —") and ", choose " in bare):
        return False
    known = _words()
    bare = oneshot_cond.WORDS_READ.sub("", _COUNTER_KIND.sub("", oneshot_libextra.NAMED.sub("", bare)))  # 122.1; 201.2
    bare = QUOTED_GRANT.sub("", bare) if "until end of turn" in bare.lower() else bare  # (oneshot_eotfx.py)
    return all(_SYMBOLS.match(w) or w.lower() in known or w.lower().removesuffix("'s") in known  # (a possessive)
               or w.lower().removeprefix("non-") in known for w in (t.strip('.,:"') for t in bare.split()) if w)  # 205.3: "non-Elf"
