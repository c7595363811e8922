"""What a process timed by `seigneurs bench --startup` says once its first frame is drawn.

Its own module, light, and the function self-contained: the bare Arcade window runs its very
source (so it imports nothing of ours), and the table imports it without paying for the
bench's own imports."""

from __future__ import annotations


def report_first_frame() -> None:
    """Print the marker line with this process's peak resident memory (VmHWM: unlike a child's
    ru_maxrss, it does not inherit the parent's peak) and the CPU seconds it has used (on a
    shared machine the CPU time holds still where the wall clock does not)."""
    import time
    from pathlib import Path

    status = Path("/proc/self/status").read_text(encoding="ascii")
    peak = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))
    print(f"first frame drawn; peak KiB: {peak}; CPU s: {time.process_time():.4f}", flush=True)
