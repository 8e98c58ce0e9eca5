"""Role tokens created attached to a creature (111.10k-q, 303.7a; issue 21): "create a Monster Role
token attached to target creature you control", "... attached to another target creature you control", "... attached
to target creature" -> {op: create_token, token: Monster, attached_to_target: true} with that target (the
ability's first: another before it leaves the op a `target` number the vocabulary refuses, so the paragraph is not
compiled). The token is the card library's definition named by the Role's name (engine/cards/{cursed,monster,royal,sorcerer,virtuous}.yaml: a colorless
Aura Role enchantment token with enchant creature and its ability, 111.10); the game loop puts it onto the battlefield
attached to the target (engine/game/roles.py) and performs 704.5y (303.7a: a player's older Role on the same
permanent goes to the graveyard). Called by oneshot_cards.CardsReader's os_create_role (oneshot.lark).

Not read: the Wicked Role (its "When this token is put into a graveyard" is not checked for a noncreature yet),
"up to one target creature", "attached to it", "attached to that creature", "for each ...", the Young Hero
Role (its granted triggered ability is not compiled) and the Roles the rules don't define (a card of that name).
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead


def create_role(children, piece, tgt, tokens: dict[str, dict]):
    """os_create_role (oneshot_cards.CardsReader's method calls it with its Piece and Tgt classes and the library's
    token definitions, so that this module imports nothing of it): the Piece of one create_token of the Role."""
    name, target = str(children[1]), children[2]
    card = tokens.get(name)
    if card is None or "Role" not in (card.get("subtypes") or ()):  # 111.10k-q: the library's Role definition
        raise NotRead(f"no Role token {name}")
    if not isinstance(target, tgt) or target.spec.get("what") != "creature" or target.spec.get("count", 1) != 1 \
            or target.spec.get("up_to"):  # ("up to one": with no target chosen, what the Role is: not read)
        raise NotRead("a Role attached to something else than one target creature")
    op = {"op": "create_token", "token": name, "amount": 1, "attached_to_target": True, "_tgt": target}
    return piece([op], [target])
