"""What both rulesets' optional-rule tables share: installing plug-ins in one explicit order
and asking a hook's functions.

Each ruleset keeps its own table of named hooks (`panzer_grenadier/core/hooks.py`,
`panzer_leader/core/hooks.py`): its `Plugin` fields say which moments of its turn an
optional rule may take part in. How the plug-ins are installed, and how a yes/no or a
first-answer hook is asked, is the same for both, and lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[..., Any]


def install(
    plugins: Iterable[Any],
    lists: Iterable[str],
    hooks: dict[str, list[Handler]],
    offers: dict[str, list[Handler]],
    installed: list[str],
    more: Callable[[Any], None] | None = None,
) -> None:
    """Install the plug-ins in order, once: each one's offers by legal-command group, its
    functions on the named `lists` hooks, and whatever else the ruleset's table keeps
    (`more`, called with each plug-in first). A second call with the same names does
    nothing; with other names it raises, since the rules in play are fixed at start-up."""
    plugins = tuple(plugins)
    if installed:
        if installed != [p.name for p in plugins]:
            raise RuntimeError(f"the rules in play are already {installed}")
        return
    for p in plugins:
        if more is not None:
            more(p)
        for group, offer in p.offers.items():
            offers.setdefault(group, []).append(offer)
        for name in lists:
            fn = getattr(p, name)
            if fn is not None:
                hooks[name].append(fn)
        installed.append(p.name)


def all_agree(functions: Iterable[Handler], *args: Any) -> bool:
    """Every function of a yes/no hook says yes (no function: yes)."""
    return all(fn(*args) for fn in functions)


def any_says(functions: Iterable[Handler], *args: Any) -> bool:
    """Some function of a yes/no hook says yes (no function: no)."""
    return any(fn(*args) for fn in functions)


def first(functions: Iterable[Handler], *args: Any) -> Any:
    """The first answer other than None of a hook's functions (no function: None)."""
    for fn in functions:
        found = fn(*args)
        if found is not None:
            return found
    return None
