"""The adversarial corpus: every hostile variant of tests/adversarial/variants.py applied to each file kind, through
every command that reads that kind, each case with its expected outcome.

A Case's ``argv`` names its files as ``{name}``; ``files`` gives each file's content (text, bytes, or a SPECIAL of
variants.py); ``blame`` the file the one error line must name. Run with tests/adversarial/check.py."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from adversarial import inputs as I
from adversarial.variants import (ALL_NUMBERS, CROSSCHECK, KEYS, MAIN, PARSE, RANGES, SOME_NUMBERS, SPECIAL, Variant,
                                  deep_nesting, duplicates, number_owner, numbers, tags, unknown_key, whole_file)


@dataclass(frozen=True)
class Case:
    name: str
    klass: str
    owner: str
    argv: tuple[str, ...]
    files: tuple[tuple[str, Any], ...]
    blame: str  # a key of files (or an absolute path) that the error line names
    expect: str  # error | ok | verdict (exit 1, or an error) | claims (a crosscheck run that reports the bad line)
    field: str | None = ""
    process: bool = False
    kind: str = ""  # the file kind the case is about (board, game, event, declaration, assignment, card, claims)

    @property
    def id(self) -> str:
        return f"{self.kind} {self.argv[0]}: {self.name}"


def _ext(v: Variant) -> str:
    return ".json" if v.fmt == "json" else ".yaml"


# ---------------------------------------------------------------- boards (and the board part of game files and cases)

def board_variants() -> list[Variant]:
    lit = I.LIT
    out: list[Variant] = []
    out += numbers("counters", ("battlefield", 0, "counters", "+1/+1"), ALL_NUMBERS, number_owner, fmts=("yaml", "json"),
                   field_token="counters")
    out += numbers("life", ("life", "alice"), SOME_NUMBERS, number_owner, ok=("1000", "-1"))
    out += numbers("timestamp", ("battlefield", 1, "timestamp"), SOME_NUMBERS, number_owner)
    out += numbers("damage", ("battlefield", 1, "damage"), SOME_NUMBERS, number_owner)
    out += numbers("stack x", ("stack", 0, "choices", "x"), SOME_NUMBERS, number_owner, field_token="x")
    out += numbers("tapped", ("battlefield", 1, "tapped"), ("string_yes", "plain_yes", "one", "string3", "true"),
                   number_owner, ok=("true",))
    out += [unknown_key(p) for p in ((), ("battlefield", 0), ("battlefield", 2, "choices"), ("effects", 0),
                                     ("stack", 0), ("stack", 0, "choices"), ("combat",))]
    out.append(Variant("unknown key in an effect's choices", "unknown key", KEYS, field="zzq",
                       mutate=lambda d: changed_many(d, (("effects", 0, "choices"), {"zzq": 1}))))
    out.append(Variant("unknown key in a hand card", "unknown key", KEYS, field="zzq",
                       mutate=lambda d: changed_many(d, (("hand", "alice", 0), {"card": "Forest", "zzq": 1}))))
    out += duplicates(("players: [alice, bob]", "players: [alice, bob]\nplayers: [alice, bob]"),
                      ("id: giant}", "id: giant, id: giant2}"),
                      ('"players": ["alice", "bob"]', '"players": ["alice", "bob"], "players": ["alice", "bob"]'),
                      ('"id": "giant"', '"id": "giant", "id": "giant2"'))
    out.append(Variant("JSON duplicate key in choices", "duplicate key", PARSE, fmt="json",
                       text=lambda t: t.replace('"creature_type": "Bear"', '"creature_type": "Bear", "creature_type": "Elf"')))
    out += tags("id", "giant")
    out.append(Variant("!!int on a counter", "YAML tag", PARSE, text=lambda t: t.replace("{+1/+1: 1}", "{+1/+1: !!int '3'}")))
    # (YAML 1.2's core schema, as mtgjudge reads YAML: 2024-01-01 is the string "2024-01-01", a valid id; YAML 1.1 made
    # it a date, which no id may be)
    out.append(Variant("a date for an id", "YAML tag", PARSE, "ok", None,
                       mutate=lambda d: changed(d, ("battlefield", 1, "id"), lit), literal="date"))
    for name, text in (("NUL", "gi\x00ant"), ("ESC", "gi\x1b[31mant"), ("newline", "gi\nant"), ("DEL", "gi\x7fant"),
                       ("right-to-left override", "gi\u202eant"), ("bell", "gi\x07ant")):
        out.append(Variant(f"{name} in an id", "NUL and control characters", PARSE, field="id",
                           mutate=lambda d, t=text: changed(d, ("battlefield", 1, "id"), t)))
    out.append(Variant("NUL in a player's name", "NUL and control characters", PARSE, field="players",
                       mutate=lambda d: changed(d, ("players",), ["alice", "bob", "car\x00ol"])))
    out.append(Variant("ESC in a card name", "NUL and control characters", PARSE, field="card",
                       mutate=lambda d: changed(d, ("battlefield", 1, "card"), "Hill\x1b[2J Giant")))
    for name, card in (("Cyrillic i", "Hill G\u0456ant"), ("Greek Eta", "\u0397ill Giant"),
                       ("full-width H", "\uff28ill Giant"), ("zero-width space", "Hill\u200b Giant"),
                       ("trailing zero-width space", "Hill Giant\u200b")):
        out.append(Variant(f"look-alike card name: {name}", "look-alike card name", KEYS, field="card",
                           mutate=lambda d, c=card: changed(d, ("battlefield", 1, "card"), c)))
    for name, card in (("lower case", "hill giant"), ("upper case", "HILL GIANT")):
        out.append(Variant(f"card name in {name}", "look-alike card name", MAIN, "ok", None,
                           mutate=lambda d, c=card: changed(d, ("battlefield", 1, "card"), c)))
    refs = (
        ("attached_to an unknown id", ("battlefield", 1, "attached_to"), "nobody", MAIN, "attached_to"),
        ("an effect targets an unknown id", ("effects", 0, "targets"), ["nobody"], MAIN, "targets"),
        ("a creature attacking its controller", ("combat", "attackers"), {"bears": "alice"}, KEYS, "attackers"),
        ("an unknown attacker", ("combat", "attackers"), {"nobody": "bob"}, MAIN, "attackers"),
        ("a creature attacking on its opponent's turn", ("combat", "attackers"), {"giant": "alice"}, KEYS, "attackers"),
        ("an attacker blocking", ("combat", "blockers"), {"bears": "bears"}, KEYS, "blockers"),
        ("life of an unknown player", ("life", "carol"), 20, MAIN, "life"),
        ("an unknown controller", ("battlefield", 1, "controller"), "carol", MAIN, "controller"),
        ("an unknown active player", ("active",), "carol", MAIN, "active"),
        ("an unknown effect controller", ("effects", 0, "controller"), "carol", MAIN, "controller"),
    )
    for name, path, value, owner, token in refs:
        out.append(Variant(name, "impossible reference", owner, field=token,
                           mutate=lambda d, p=path, x=value: changed(d, p, x)))
    out += [
        Variant("no players", "empty list", MAIN, field="players", mutate=lambda d: changed(d, ("players",), [])),
        Variant("no choices for a choice the card asks", "empty list", KEYS, field="choices",
                mutate=lambda d: changed(d, ("battlefield", 2, "choices"), {})),
        Variant("no effects", "empty list", MAIN, "ok", None, mutate=lambda d: changed(d, ("effects",), [])),
        Variant("an empty hand", "empty list", MAIN, "ok", None, mutate=lambda d: changed(d, ("hand", "alice"), [])),
        Variant("valid", "valid", MAIN, "ok", None),
        Variant("valid JSON", "valid", MAIN, "ok", None, fmt="json"),
    ]
    out += deep_nesting("players", "players", "[alice, bob]", '["alice", "bob"]', deepest_yaml=True)
    return out


def changed_many(data: Any, *changes: tuple[tuple, Any]) -> Any:
    for path, value in changes:
        data = I.changed(data, path, value)
    return data


def changed(data: Any, path: tuple, value: Any) -> Any:
    return I.changed(data, path, value)


BOARD_COMMANDS = (
    ("show", ("show", "{board}")), ("layers", ("layers", "{board}", "--json")), ("facts", ("facts", "{board}")),
    ("sba", ("sba", "{board}")), ("solve", ("solve", "board", "{board}")), ("attack", ("attack", "{board}")),
    ("block", ("block", "{board}")), ("damage", ("damage", "{board}")), ("replace", ("replace", "{board}", "{event.yaml}")),
)

FEW = ("show", "layers", "replace")


def board_cases() -> list[Case]:
    event = I.dump(I.EVENTS["zone_change"], "yaml")
    out = []
    for v in board_variants() + whole_file("yaml"):
        board = "board" + _ext(v)
        content = v.render(I.BOARD)
        for command, argv in BOARD_COMMANDS:
            if v.process and command != "show" or (v.klass == "deep nesting" or v.fmt == "json" and v.literal) and \
                    command not in FEW:
                continue  # (read alike by every command, and slow: a process each, or levels of nesting to scan)
            files = ((board, content),) + ((("event.yaml", event),) if "{event.yaml}" in argv else ())
            out.append(Case(v.name, v.klass, v.owner, tuple(a.replace("{board}", "{" + board + "}") for a in argv),
                            files, board, v.expect, v.field, v.process, kind='board'))
    for v in whole_file("json"):  # a .json board that is no board: the JSON reader's own paths
        if v.content in SPECIAL:
            continue
        out.append(Case(v.name + " (.json)", v.klass, v.owner, ("show", "{board.json}"), (("board.json", v.content),),
                        "board.json", v.expect, v.field, kind="board"))
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        out.append(Case(f"the board is {device}", "a FIFO or a device", PARSE, ("show", device), (), device, "error",
                        None, process=True, kind="board"))
    out.append(Case("a board of 17 MB", "size", PARSE, ("show", "{board.yaml}"), (("board.yaml", "<17 MB>"),),
                    "board.yaml", "error", None, process=True, kind="board"))
    return out


# ---------------------------------------------------------------- game files (mtgjudge play)

def game_cases() -> list[Case]:
    out = []
    extra = [
        Variant("no actions", "empty list", KEYS, field="actions", mutate=lambda d: changed(d, ("actions",), [])),
        Variant("unknown key in an action", "unknown key", KEYS, field="zzq",
                mutate=lambda d: changed(d, ("actions", 0, "zzq"), 1)),
        Variant("unknown key in until", "unknown key", KEYS, field="zzq", mutate=lambda d: changed(d, ("until", "zzq"), 1)),
        Variant("an unknown step", "impossible reference", MAIN, field="step",
                mutate=lambda d: changed(d, ("step",), "teatime")),
        Variant("an action attacking with an unknown creature", "impossible reference", MAIN, field="actions",
                mutate=lambda d: changed(d, ("actions", 0), {"attack": {"nobody": "bob"}})),
    ]
    extra += numbers("until turn", ("until", "turn"), SOME_NUMBERS, number_owner, ok=("1000",), field_token="turn")
    extra += numbers("pass", ("actions", 0), ("string_yes", "one"), number_owner, ok=(), field_token="actions")
    for v in board_variants() + extra + whole_file("yaml"):
        if v.mutate is not None:
            try:
                v.mutate(I.GAME)
            except (KeyError, IndexError):  # (a change of the board's stack or combat: a game file has neither)
                continue
        if v.name.startswith("until turn=1000") or v.name.startswith("life=-1"):
            continue  # (a game played to turn 1000: valid, and slow; a player at -1 life loses before any action)
        game = "game" + _ext(v)
        try:
            content = v.render(I.GAME)
        except AssertionError:
            continue
        out.append(Case(v.name, v.klass, v.owner, ("play", "{" + game + "}"), ((game, content),), game, v.expect,
                        v.field, v.process, kind='game'))
    return out


# ---------------------------------------------------------------- event files (mtgjudge replace BOARD EVENT)

def event_cases() -> list[Case]:
    board = ("board.yaml", I.dump(I.BOARD, "yaml"))
    vs: list[tuple[str, Variant]] = []
    ev = ("event",)
    vs += [("life_gain", v) for v in numbers("amount", ev + ("amount",), SOME_NUMBERS, number_owner, fmts=("yaml", "json"))]
    vs += [("damage", v) for v in numbers("damage amount", ev + ("amount",), ("1e30", "2^32", "-1", "1000", "string3"),
                                          number_owner)]
    vs += [("enter", v) for v in numbers("enter counters", ev + ("counters", "+1/+1"),
                                         ("-1", "1e30", "2^32", "string3", "1000"),
                                         lambda n: KEYS if n == "-1" else number_owner(n), field_token="counters")]
    vs += [("token", v) for v in numbers("token amount", ev + ("amount",), ("5e9", "2^31-1", "-1", "1000"), number_owner)]
    vs += [("enter", v) for v in numbers("enter tapped", ev + ("tapped",), ("string_yes", "one"), number_owner, ok=())]
    vs += [("zone_change", v) for v in numbers("destroy", ev + ("destroy",), ("string_yes", "one"), number_owner, ok=())]
    vs += [
        ("zone_change", Variant("the wrong from zone", "impossible reference", KEYS, field="from",
                                mutate=lambda d: changed(d, ev + ("from",), "hand"))),
        ("zone_change", Variant("an unknown object", "impossible reference", MAIN, field="object",
                                mutate=lambda d: changed(d, ev + ("object",), "nobody"))),
        ("zone_change", Variant("an unknown zone", "impossible reference", MAIN, field="to",
                                mutate=lambda d: changed(d, ev + ("to",), "nowhere"))),
        ("zone_change", Variant("an unknown event type", "impossible reference", MAIN, field="type",
                                mutate=lambda d: changed(d, ev + ("type",), "explode"))),
        ("life_gain", Variant("an unknown player", "impossible reference", MAIN, field="player",
                              mutate=lambda d: changed(d, ev + ("player",), "carol"))),
        ("zone_change", Variant("NUL in the object's id", "NUL and control characters", PARSE, field="object",
                                mutate=lambda d: changed(d, ev + ("object",), "bea\x00rs"))),
        ("zone_change", unknown_key(ev)),
        ("zone_change", unknown_key(())),
        ("zone_change", Variant("no events", "empty list", KEYS, field="event", mutate=lambda d: changed(d, ev, []))),
        ("zone_change", Variant("a null event", "empty file", MAIN, field="event", mutate=lambda d: changed(d, ev, None))),
        ("zone_change", Variant("valid", "valid", MAIN, "ok", None)),
    ]
    vs += [(k, Variant("valid " + k, "valid", MAIN, "ok", None)) for k in ("life_gain", "damage", "enter", "token")]
    vs += [("zone_change", v) for v in duplicates(
        ("event: {", "event: {type: damage}\nevent: {"), ("type: zone_change", "type: zone_change, type: zone_change"),
        ('"event": {', '"event": {}, "event": {'), ('"type": "zone_change"', '"type": "zone_change", "type": "damage"'))]
    vs += [("zone_change", v) for v in tags("object", "bears")]
    vs += [("zone_change", v) for v in deep_nesting("object", "object", "bears", '"bears"')]
    vs += [("zone_change", v) for v in whole_file("yaml")]
    out = []
    for kind, v in vs:
        name = "event" + _ext(v)
        out.append(Case(f"{kind}: {v.name}", v.klass, v.owner, ("replace", "{board.yaml}", "{" + name + "}"),
                        (board, (name, v.render(I.EVENTS[kind]))), name, v.expect, v.field, v.process, kind='event'))
    return out


# ---------------------------------------------------------------- declarations (mtgjudge attack/block BOARD DECLARATION)

def declaration_cases() -> list[Case]:
    board = ("board.yaml", I.dump(I.BOARD, "yaml"))
    vs: list[tuple[str, Variant]] = []
    for side, base, creature, target in (("attack", I.ATTACK, "bears", "bob"), ("block", I.BLOCK, "giant", "bears")):
        p = (side,)
        vs += [
            (side, Variant(f"an unknown {side}er", "impossible reference", MAIN, field=side,
                           mutate=lambda d, p=p, t=target: changed(d, p, {"nobody": t}))),
            (side, Variant("an unknown target", "impossible reference", MAIN, field=side,
                           mutate=lambda d, p=p, c=creature: changed(d, p, {c: "carol"}))),
            (side, Variant("NUL in an id", "NUL and control characters", PARSE, field=side,
                           mutate=lambda d, p=p, t=target: changed(d, p, {"gi\x00ant": t}))),
            (side, unknown_key(())),
            (side, Variant("pay an unknown creature", "impossible reference", MAIN, field="pay",
                           mutate=lambda d: changed(d, ("pay",), ["nobody"]))),
            (side, Variant("pay is yes", "yes for a bool", RANGES, field="pay",
                           mutate=lambda d: changed(d, ("pay",), "yes"))),
            (side, Variant(f"{side} is a list", "wrong shape", MAIN, field=side, mutate=lambda d, p=p: changed(d, p, []))),
            (side, Variant(f"{side} is a number", "wrong shape", MAIN, field=side, mutate=lambda d, p=p: changed(d, p, 5))),
            (side, Variant("valid", "valid", MAIN, "ok", None)),
            (side, Variant("valid JSON", "valid", MAIN, "ok", None, fmt="json")),
        ]
        vs += [(side, v) for v in duplicates(
            (f"{side}: {{", f"{side}: {{}}\n{side}: {{"), (f"{creature}: {target}", f"{creature}: {target}, {creature}: {target}"),
            (f'"{side}": {{', f'"{side}": {{}}, "{side}": {{'), (f'"{creature}": "{target}"', f'"{creature}": "{target}", "{creature}": "{target}"'),
            yaml_owner=KEYS)]
        vs += [(side, v) for v in tags(creature, target)]
        vs += [(side, v) for v in deep_nesting(creature, creature, target, f'"{target}"')]
        vs += [(side, v) for v in whole_file("yaml")]
    vs += [("attack", Variant("a creature attacking its controller", "impossible reference", KEYS, "verdict", "attack",
                              mutate=lambda d: changed(d, ("attack",), {"bears": "alice"}))),
           ("attack", Variant("no attackers", "empty list", MAIN, "ok", None, mutate=lambda d: changed(d, ("attack",), {}))),
           ("attack", Variant("bands is a number", "wrong shape", MAIN, field="bands",
                              mutate=lambda d: changed(d, ("bands",), 5))),
           ("block", Variant("an attacker blocking itself", "impossible reference", KEYS, "verdict", "block",
                             mutate=lambda d: changed(d, ("block",), {"bears": "bears"})))]
    out = []
    for side, v in vs:
        name = "declaration" + _ext(v)
        base = I.ATTACK if side == "attack" else I.BLOCK
        out.append(Case(v.name, v.klass, v.owner, (side, "{board.yaml}", "{" + name + "}"),
                        (board, (name, v.render(base))), name, v.expect, v.field, v.process, kind='declaration'))
    return out


# ---------------------------------------------------------------- damage assignments (mtgjudge damage BOARD ASSIGNMENT)

def assignment_cases() -> list[Case]:
    board = ("combat.yaml", I.dump(I.COMBAT, "yaml"))
    p = ("assign", "giant", "wall")
    vs = numbers("damage to a blocker", p, ("digits5000", "1e30", "2^32", "-1", "2.5", "string3", "true", "nan"),
                 number_owner, ok=(), fmts=("yaml", "json"), field_token="assign")
    vs += numbers("replacement", ("replacement",), ("1e30", "-1", "string3", "true"), number_owner, ok=())
    vs += [
        Variant("assign: 0", "wrong shape", KEYS, field="assign", mutate=lambda d: changed(d, ("assign",), 0)),
        Variant("assign is a list", "wrong shape", RANGES, field="assign", mutate=lambda d: changed(d, ("assign",), [])),
        Variant("an unknown creature", "impossible reference", MAIN, field="assign",
                mutate=lambda d: changed(d, ("assign", "nobody"), {"bob": 1})),
        Variant("an unknown recipient", "impossible reference", MAIN, field="assign",
                mutate=lambda d: changed(d, ("assign", "giant"), {"nobody": 3})),
        Variant("NUL in a recipient", "NUL and control characters", PARSE, field="assign",
                mutate=lambda d: changed(d, ("assign", "giant"), {"wa\x00ll": 3})),
        Variant("an unknown replacement stage", "unknown key", KEYS, field="zzq",
                mutate=lambda d: changed(d, ("replacement",), {"zzq": 1})),
        unknown_key(()),
        Variant("valid", "valid", MAIN, "ok", None),
        Variant("valid JSON", "valid", MAIN, "ok", None, fmt="json"),
    ]
    vs += duplicates(("assign:\n", "assign: {giant: {ogre: 3}}\nassign:\n"), ("wall: 2", "wall: 2, wall: 2"),
                     ('"assign": {', '"assign": {}, "assign": {'), ('"wall": 2', '"wall": 2, "wall": 1'))
    vs += tags("wall", "2")
    vs += deep_nesting("wall", "wall", "2", "2")
    # an assignment file that gives nothing: the verdict that the choices are missing (510.1c), or an error
    vs += [replace(v, expect="verdict") if v.klass == "empty file" else v for v in whole_file("yaml")]
    out = []
    for v in vs:
        name = "assignment" + _ext(v)
        out.append(Case(v.name, v.klass, v.owner, ("damage", "{combat.yaml}", "{" + name + "}"),
                        (board, (name, v.render(I.ASSIGN))), name, v.expect, v.field, v.process, kind='assignment'))
    return out


# ---------------------------------------------------------------- card files (--cards DIR)

def card_cases() -> list[Case]:
    board = ("board.yaml", I.dump(I.CARD_BOARD, "yaml"))
    vs = numbers("power", ("power",), ("digits5000", "1e30", "2^32", "2.5", "string3", "true", "1000"), number_owner)
    vs += [
        unknown_key(()), unknown_key(("abilities", 0)),
        Variant("NUL in the name", "NUL and control characters", PARSE, field="name",
                mutate=lambda d: changed(d, ("name",), "Corpus\x00Beast")),
        Variant("valid", "valid", MAIN, "ok", None),
    ]
    vs += duplicates(("name: Corpus Beast", "name: Corpus Beast\nname: Corpus Beast"),
                     ("kind: keyword", "kind: keyword, kind: keyword"), ("", ""), ("", ""))[:2]
    vs += tags("power", "2")
    vs += [v for v in deep_nesting("power", "power", "2", "2") if v.fmt == "yaml"]  # (card files are YAML)
    vs += whole_file("yaml")
    out = []
    for v in vs:
        content = v.render(I.CARD)
        for argv in (("show", "{board.yaml}", "--cards", "{cards}"), ("cards", "Corpus Beast", "--cards", "{cards}")):
            if v.process and argv[0] == "cards":
                continue
            files = (board, ("cards", "<folder>"), ("cards/" + I.CARD_FILE, content))
            out.append(Case(v.name, v.klass, v.owner, argv, files, "cards/" + I.CARD_FILE, v.expect, v.field, v.process, kind='card'))
    return out


# ---------------------------------------------------------------- crosscheck claims lines

def claims_cases() -> list[Case]:
    good = I.dump(I.CLAIM_LINES["layers"], "json")
    out = []

    def add(name: str, klass: str, owner: str, line: str, expect: str = "claims", process: bool = False) -> None:
        assert "\n" not in line
        out.append(Case(name, klass, owner, ("crosscheck", "{claims.jsonl}", "--jobs", "1", "--json"),
                        (("claims.jsonl", good + "\n" + line + "\n"),), "claims.jsonl", expect, None, process, kind="claims"))

    add("valid", "valid", MAIN, I.dump(dict(I.CLAIM_LINES["attack"], id="second"), "json"), "ok")
    for query in ("layers", "attack", "replace"):
        add(f"valid {query}", "valid", MAIN, I.dump(dict(I.CLAIM_LINES[query], id="second"), "json"), "ok")
    layers_case = dict(I.CLAIM_LINES["layers"], id="bad", claim={})  # (an empty claim: it agrees with any answer)
    for v in board_variants():
        if v.expect == "ok" or (v.text is not None and v.fmt != "json"):
            continue
        if v.text is not None:
            line = v.text(I.dump(dict(layers_case, board=I.BOARD), "json"))
        else:
            literal = None if v.literal is None else I.LITERALS[v.literal][1]
            if v.literal is not None and literal is None:
                continue
            line = I.dump(dict(layers_case, board=v.mutate(I.BOARD)), "json", literal)
        add("board: " + v.name, v.klass, v.owner, line)
    shapes = (
        ("layers", {"loops": [[1, "a"]]}), ("layers", {"order": [{"effect": ["x"]}]}), ("layers", {"objects": 5}),
        ("layers", {"objects": {"bears": 5}}), ("layers", {"objects": {"bears": {"power": "2"}}}),
        ("layers", {"objects": {"bears": {"power": [2]}}}), ("layers", {"dependencies": 7}), ("layers", {"zzq": 1}),
        ("layers", {"objects": {"nobody": {"power": 2}}}), ("layers", []), ("layers", None),
        ("attack", {"triggers": 5}), ("attack", {"legal": "yes"}), ("attack", {"violations": [[1]]}),
        ("attack", {"better": 5}), ("attack", {"zzq": 1}),
        ("replace", {"outcomes": "x"}), ("replace", {"outcomes": [5]}), ("replace", {"applicable": {}}),
        ("replace", {"outcome_count": "1"}), ("replace", {"outcomes": [{"events": 3}]}),
    )
    for query, claim in shapes:
        add(f"{query} claim {claim!r}", "claim of the wrong shape", CROSSCHECK,
            I.dump(dict(I.CLAIM_LINES[query], id="bad", claim=claim), "json"))
    for name, change in (("unknown query", {"query": "explode"}), ("id is a list", {"id": [1]}),
                         ("declaration is a number", {"declaration": 5}), ("unknown key", {"zzq": 1}),
                         ("no board", {"board": None}), ("NUL in the id", {"id": "b\x00ad"})):
        base = dict(I.CLAIM_LINES["attack"], id="bad")
        base.update(change)
        add(name, "wrong shape", CROSSCHECK, I.dump(base, "json"))
    add("event is an empty list", "empty list", KEYS, I.dump(dict(I.CLAIM_LINES["replace"], id="bad", event=[]), "json"))
    add("not JSON", "wrong shape", MAIN, "{not json")
    add("a JSON list", "wrong shape", MAIN, "[]")
    add("a number", "wrong shape", MAIN, "5")
    add("a huge integer id", "huge integer", PARSE, '{"id": ' + "9" * 5000 + ', "query": "layers"}')
    add("nested 1000", "deep nesting", PARSE, "[" * 1000 + "]" * 1000)
    add("nested 100000", "deep nesting", PARSE, "[" * 100_000 + "]" * 100_000)
    add("board_file is /dev/zero", "a FIFO or a device", PARSE,
        I.dump({"id": "bad", "query": "layers", "board_file": "/dev/zero", "claim": {}}, "json"), process=True)
    for v in whole_file("json"):
        if v.content in ("", "  \n\n"):
            continue  # (an empty claims file: no case, nothing to fault)
        out.append(Case(v.name, v.klass, v.owner, ("crosscheck", "{claims.jsonl}", "--jobs", "1", "--json"),
                        (("claims.jsonl", v.content),), "claims.jsonl", "claims_file", None, v.process, kind="claims"))
    return out


def cases() -> list[Case]:
    return board_cases() + game_cases() + event_cases() + declaration_cases() + assignment_cases() + card_cases() + \
        claims_cases()

