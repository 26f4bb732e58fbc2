"""The referee's side: a game's public facts (`PublicScenario`) built from its scenario.

Only this module, `harness` and `arena` read scenarios; a strategy receives the facts they
build. Each ruleset's scenario holds its set-up beside its public parts; only the map, the
counter catalogue, the victory conditions and the options are copied out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache, partial

from games.rules.common.hexgrid import Hex
from games.rules.panzer_grenadier.core.registry import scenario_for
from games.rules.panzer_leader.core import scenario as pl_scenario
from games.rules.panzer_leader.core.los import has_los
from games.rules.registry import for_scenario

from .common.public import Objective, PublicScenario


class LabelledMap:
    """A map known by its hex labels and axial coordinates (from the ruleset's map payload),
    and the lines of sight its printed terrain and heights allow."""

    def __init__(self, hexes: Iterable[dict], sight: Callable[[Hex, Hex], bool] | None = None):
        self._by_label = {h["hex"]: Hex(h["q"], h["r"]) for h in hexes}
        self._labels = {v: k for k, v in self._by_label.items()}
        self.hexes = frozenset(self._labels)
        self.terrain_of = {Hex(h["q"], h["r"]): h.get("terrain", "clear") for h in hexes}
        self._sight = sight

    def sees(self, a: Hex, b: Hex) -> bool:
        """Whether the map's terrain lets a unit in `a` see one in `b` (every line is clear
        on a map built without its sight)."""
        return self._sight is None or self._sight(a, b)

    def parse_label(self, text: str) -> Hex:
        return self._by_label[text]

    def label(self, h: Hex) -> str:
        return self._labels[h]

    def contains(self, h: Hex) -> bool:
        return h in self._labels


def _grenadier(scenario_id: str) -> tuple:
    scen = scenario_for(scenario_id)
    v = scen.victory
    m = scen.map
    objectives = tuple(Objective(o.hex, m.label(o.hex), o.points, tuple(o.sides)) for o in v.hexes)
    d = v.decision
    forces: dict[str, dict[str, int]] = {}
    for p in scen.units:
        kinds = forces.setdefault(p.side, {})
        kinds[p.type_id] = kinds.get(p.type_id, 0) + 1
    losses = {lo.side: {"step": lo.per_step, "afv_step": lo.per_afv_step,
                        "transport_step": lo.per_transport_step, "leader": lo.per_leader}
              for lo in v.losses}
    return (m, scen.catalogue, objectives, {e.side: e.edge for e in v.exits},
            d.side if d.method == "threshold" else None, forces, losses)


def _leader(scenario_id: str) -> tuple:
    rules = for_scenario(scenario_id)
    sit = pl_scenario.scenario_for(scenario_id)
    # The boards' lines of sight are as public as the boards (smoke, which the view shows,
    # is left out: it lifts within a turn).
    m = LabelledMap(rules.map_payload(scenario_id)["hexes"], partial(has_los, sit.map))
    victory = sit.raw["victory"]
    # Each objective held counts two points for the attacker (23.4).
    objectives = tuple(Objective(m.parse_label(x), x, 2, ()) for x in victory["objectives"])
    forces: dict[str, dict[str, int]] = {}
    for group in sit.raw["forces"]:
        kinds = forces.setdefault(group["side"], {})
        n = int(group.get("count", len(group.get("at", ())) or 1))
        kinds[group["type"]] = kinds.get(group["type"], 0) + n
    return (m, rules.counter_types(scenario_id), objectives, {}, victory["attacker"], forces,
            {})


BUILDERS = {"panzer_grenadier": _grenadier, "panzer_leader": _leader}


@lru_cache(maxsize=64)
def _facts(scenario_id: str, options: frozenset[str] | None) -> PublicScenario:
    rules = for_scenario(scenario_id)
    info = rules.scenarios()[scenario_id]
    m, catalogue, objectives, exits, threshold, forces, losses = BUILDERS[rules.id](scenario_id)
    return PublicScenario(
        id=scenario_id, ruleset=rules.id, map=m, catalogue=catalogue, objectives=objectives,
        exits=exits, threshold_side=threshold,
        options=frozenset(info.default_options if options is None else options), forces=forces,
        losses=losses, sides=tuple(s.id for s in info.sides),
    )


def public_facts(scenario_id: str, options: Iterable[str] | None = None) -> PublicScenario:
    """The public facts of a game of the scenario played with `options` (None: its defaults)."""
    return _facts(scenario_id, None if options is None else frozenset(options))
