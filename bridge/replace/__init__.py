"""The replace task (614-616): replacement and prevention effects on events about to happen, one solve
of ``asp_rules/replace.lp``, and every final event with the orders of effects that lead to it.

The modules, one concern each:

- :mod:`.protocols`: what the task reads of the engine's rules and events (typed protocols).
- :mod:`.characteristics`: the characteristics the selectors read (613, 109.3); public.
- :mod:`.effects`: the effects in force (614.1, 615.1, 614.12, 113.6, 702.16e) and their 616.1 step.
- :mod:`.state_facts`, :mod:`.player_facts`, :mod:`.target_facts`, :mod:`.entering_facts`, :mod:`.chooser_facts`: the
  state and event facts from which the program decides which effects apply (614.1, 614.9, 614.12) and who
  chooses (616.1): ``asp_rules/replace_applies.lp``, ``replace_chooser.lp``.
- :mod:`.entering`: a permanent entering as it would exist on the battlefield (614.12, 616.1b-c, 707.2).
- :mod:`.counters`: the counters it enters with (122.6, 306.5b, 310.4b).
- :mod:`.choices`: the values chosen as it enters (614.12, 616.1f).
- :mod:`.as_enters`: devour's sacrifices and life payments, events of their own (702.82a, 119.4, 614.13).
- :mod:`.emit`: the facts of the "replace" vocabulary, one family at a time.
- :mod:`.shields`: shields divided among simultaneous events, and the divisions merged (615.7, 615.11-12).
- :mod:`.division`: one solve, read back; simultaneous events combined (616.2, 614.13b).
- :mod:`.orders`: the orders, paths in the graph of states (616.1e-f, 614.9, 615.5).
- :mod:`.render`: the program's states as events, in the event file's shape.
- :mod:`.results`: ReplaceResult and Outcome.
- :mod:`.draws`: a draw of several cards, one draw at a time (121.2, 121.6b, 104.1).
- :mod:`.task`: ``replace``, the task from the state and the events.
"""

from .characteristics import characteristics
from .division import AmountTooLarge
from .draws import DrawsApart
from .choices import UNNAMED_TYPES
from .effects import Effect
from .results import Outcome, ReplaceResult
from .task import TooManyEffects, replace

__all__ = ["AmountTooLarge", "DrawsApart", "characteristics", "Effect", "Outcome", "ReplaceResult", "TooManyEffects", "UNNAMED_TYPES", "replace"]
