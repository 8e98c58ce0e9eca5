"""The card vocabulary: what a card file says its abilities do, as typed values (no solver on this path).

- ``cardfile``: the card file format, printed characteristics (201-209, 302-310) and abilities by kind;
- ``keywords``, ``keyword_costs``: keyword abilities (702), those with a cost (equip, embalm, outlast);
- ``selector``: which objects an effect, a rule or a count is about (109, 700.1), and counts (611.2d);
- ``effects``: continuous effects, layer by layer (611, 613);
- ``replacement``: replacement and prevention effects (614, 615, 616);
- ``combat``: restrictions, requirements and costs on attacking and blocking (508.1, 509.1);
- ``oneshot``: one-shot effects and targets (115, 608.2, 609);
- ``triggers``: the events abilities trigger on (603.2, 603.6, 603.10a);
- ``mana``: mana costs and symbols (107.4, 202).
"""
