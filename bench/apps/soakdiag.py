"""What stalled a soak's slow commands: bench/soak.py --diagnose.

The daphne processes and the soak's own client process each record their garbage
collections and their event loop's lags (bench/apps/diagnose/sitecustomize.py, one log per
process); the soak records each command's send, answer and last arrival in wall time. Here
the logs are summed up per process and the slowest commands are matched with the stalls
that overlapped them, so the wait's cause is named by the run rather than guessed.
"""

from __future__ import annotations

import importlib.util
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

SITE = Path(__file__).resolve().parent / "diagnose"
STALL_MS = 50.0  # a collection or lag at least this long counts as a stall


@dataclass
class Stall:
    process: str
    kind: str  # "gc0", "gc1", "gc2" or "lag"
    end: float  # wall time it ended
    ms: float

    @property
    def start(self) -> float:
        return self.end - self.ms / 1000


def server_env(folder: Path) -> dict[str, str]:
    """Environment that makes a started Python process record into `folder`."""
    path = os.pathsep.join(p for p in (str(SITE), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, "PGWEB_DIAGNOSE_DIR": str(folder)}


def record_here(folder: Path) -> None:
    """Record this process too (call before its event loop starts)."""
    os.environ["PGWEB_DIAGNOSE_DIR"] = str(folder)
    spec = importlib.util.spec_from_file_location("soak_diagnose_site", SITE / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


def read(folder: Path, names: dict[int, str]) -> tuple[list[str], list[Stall]]:
    """Per-process summary lines and every stall, from the logs in `folder`."""
    lines, stalls = [], []
    for log in sorted(folder.glob("*.log")):
        name = names.get(int(log.stem), f"pid{log.stem}")
        gcs: dict[int, list[float]] = defaultdict(list)
        gc_cpu: dict[int, list[float]] = defaultdict(list)
        lags: list[float] = []
        for row in log.read_text().splitlines():
            parts = row.split()
            if parts[0] == "gc":
                gen, ms = int(parts[2]), float(parts[3])
                gcs[gen].append(ms)
                gc_cpu[gen].append(float(parts[4]))
                if ms >= STALL_MS:
                    stalls.append(Stall(name, f"gc{gen}", float(parts[1]), ms))
            elif parts[0] == "lag":
                ms = float(parts[2])
                lags.append(ms)
                if ms >= STALL_MS:
                    stalls.append(Stall(name, "lag", float(parts[1]), ms))
        gc_text = " ".join(
            f"gen{g}={len(v)}x,max={max(v):.0f}ms,cpu_max={max(gc_cpu[g]):.0f}ms,"
            f"sum={sum(v) / 1000:.1f}s"
            for g, v in sorted(gcs.items())
        )
        long_lags = sorted(lags, reverse=True)
        lines.append(
            f"diagnose: {name} {gc_text} loop_lags_over_{STALL_MS:.0f}ms="
            f"{sum(1 for x in lags if x >= STALL_MS)} worst_lags_ms="
            + ",".join(f"{x:.0f}" for x in long_lags[:5])
        )
    return lines, stalls


def blame(commands: list[tuple[float, float, float]], stalls: list[Stall], share: float = 0.01) -> list[str]:
    """The slowest `share` of commands (sent, answered, last arrival, in wall time): how much
    of their wait was the answer and how much the fan-out, and which stalls overlapped them."""
    slow = sorted(commands, key=lambda c: c[2] - c[0], reverse=True)
    slow = slow[: max(1, int(len(slow) * share))]
    overlapped: dict[str, int] = defaultdict(int)
    none = 0
    answer_ms, fanout_ms = [], []
    for sent, answered, last in slow:
        answer_ms.append((answered - sent) * 1000)
        fanout_ms.append((last - answered) * 1000)
        hit = {f"{s.process}:{s.kind}" for s in stalls if s.start < last and s.end > sent}
        for key in hit:
            overlapped[key] += 1
        none += not hit
    if not slow:
        return []
    mid = len(slow) // 2
    return [
        f"diagnose: slowest {len(slow)} commands: answer p50 {sorted(answer_ms)[mid]:.0f} ms, "
        f"answer to last socket p50 {sorted(fanout_ms)[mid]:.0f} ms; overlapped by "
        + (", ".join(f"{k} {n}" for k, n in sorted(overlapped.items(), key=lambda x: -x[1]))
           or "nothing")
        + f"; by no stall {none}"
    ]
