"""Export and verify for any ruleset: replay the command log with the recorded dice and
compare every state hash (dice you can verify: the seed must match its commitment)."""

from __future__ import annotations

from typing import Any

from .common.dice import Roll, ScriptedDice, commitment

SCHEMA = 1


class VerifyError(Exception):
    """The export does not replay: the message names the step (and roll) that differs."""


def export(ruleset: Any, initial: Any, seed: str, steps: list[dict], final: Any) -> dict:
    """The export document: each step gives its seat, command, dice and either its
    `state_hash` or the `state` it made (the server hands states, random play hashes)."""
    return {
        "schema": SCHEMA,
        "ruleset": ruleset.id,
        "seed": seed,
        "commitment": commitment(seed),
        "initial_state": ruleset.encode_state(initial),
        "steps": [
            {"version": i + 1, "seat": s["seat"], "command": s["command"],
             "dice": [r.to_json() if isinstance(r, Roll) else r for r in s["dice"]],
             "state_hash": s.get("state_hash") or ruleset.state_hash(s["state"])}
            for i, s in enumerate(steps)
        ],
        "final_state_hash": ruleset.state_hash(final),
    }


def verify(ruleset: Any, doc: dict) -> str:
    if doc.get("ruleset") != ruleset.id:
        raise VerifyError(f"export is for {doc.get('ruleset')!r}, not {ruleset.id!r}")
    if commitment(doc["seed"]) != doc["commitment"]:
        raise VerifyError("the seed does not match its commitment")
    state = ruleset.decode_state(doc["initial_state"])
    for step in doc["steps"]:
        dice = ScriptedDice.replaying(Roll.from_json(r) for r in step["dice"])
        try:
            state = ruleset.apply(state, step["seat"], step["command"], dice).state
        except Exception as exc:  # noqa: BLE001 - any failure is a mismatch to report
            raise VerifyError(f"step {step['version']}: {type(exc).__name__}: {exc}") from exc
        if len(dice.rolls) != len(step["dice"]):
            raise VerifyError(f"step {step['version']}: used {len(dice.rolls)} rolls, "
                              f"recorded {len(step['dice'])}")
        if ruleset.state_hash(state) != step["state_hash"]:
            raise VerifyError(f"step {step['version']}: state differs")
    if ruleset.state_hash(state) != doc["final_state_hash"]:
        raise VerifyError("final state differs")
    return f"OK {len(doc['steps'])} steps"
