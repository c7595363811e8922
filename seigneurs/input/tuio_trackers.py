"""TUIO trackers and their liveness: which tracker a part of a frame is from (its sender's
address and the source name it announces, so two trackers that share a name, or have none,
are two), and which local trackers are dead.

A tracker on this machine (a loopback sender) is dead when its UDP port has closed (Linux's
socket tables): killed, crashed, or restarted as a new process on a new port. That is looked
at when a new tracker speaks, when a new finger begins while another tracker holds touches,
and every LIVENESS_EVERY while one of its touches is silent. While its port is open and the
kernel dropped nothing since its last frame, its resting fingers are vouched for (the
reference servers send nothing for still fingers, and those fingers are down), unless it has
shown that it repeats itself while still (then its silence is its word: a hung process holds
its socket). A tracker elsewhere on the network cannot be looked at. What is kept is bounded:
at most MAX_TRACKERS (one silent for RESTART_AFTER with no touch is forgotten, and its name
with it; past the bound the one heard least recently gives its place).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from seigneurs.input.tuio_parts import Part, Reading, Tracker, TuioStats

log = logging.getLogger(__name__)
RESTART_AFTER = 1.0  # seconds without an accepted frame, after which a lower id is a new run
LIVENESS_EVERY = 0.25  # seconds between looks at the ports of silent local trackers
MAX_TRACKERS = 64  # trackers kept at once (a table has one to four)
UDP_TABLES = ("/proc/net/udp", "/proc/net/udp6")


def open_udp_ports(tables: tuple[str, ...] = UDP_TABLES) -> frozenset[int] | None:
    """The local ports of this machine's UDP sockets (Linux's socket tables), or None where
    they cannot be read (then no tracker is ever judged dead by its port)."""
    ports: set[int] = set()
    read = False
    for table in tables:
        try:
            with open(table, "rb") as lines:
                next(lines, None)  # the header
                for line in lines:
                    local = line.split(None, 2)[1]
                    ports.add(int(local[local.rindex(b":") + 1:], 16))
            read = True
        except (OSError, IndexError, ValueError):
            continue
    return frozenset(ports) if read else None


def _loopback_port(sender: str) -> int | None:
    """The port of a sender on this machine's loopback ("127.0.0.1:5000"), else None."""
    host, _, port = sender.rpartition(":")
    return int(port) if host.startswith("127.") and port.isdigit() else None


class TuioTrackers:
    """The trackers heard, the names their senders announced, and which of them are dead;
    the trackers to forget (`ended`) go on to frame assembly, which ends their touches."""

    def __init__(self, stats: TuioStats,
                 ports: Callable[[], frozenset[int] | None] | None = None) -> None:
        """`ports`: this machine's open UDP ports (`open_udp_ports`); None, no such look."""
        self.stats = stats
        self.trackers: dict[tuple[str, str, str], Tracker] = {}  # (version, name, sender)
        self.named: dict[str, str] = {}  # sender -> the source name it last announced
        self.ended: list[Tracker] = []  # forgotten with touches down, since the last take
        self._ports = ports
        self._ticks = 0  # polls so far (`tick`)
        self._looked_at = (float("-inf"), 0)  # the moment the socket table was last read
        self._open: frozenset[int] | None = None  # the ports open then
        self._forced_at = (float("-inf"), 0)
        self._pruned_at = float("-inf")
        self.t = 0.0

    def name(self, sender: str, source: str) -> None:
        """`sender` announced `source` (remembered: bundles may omit it)."""
        if source != self.named.get(sender, ""):
            self.named.pop(sender, None)
            self.named[sender] = source
            if len(self.named) > 4 * MAX_TRACKERS:
                del self.named[next(iter(self.named))]  # the longest unchanged

    def tick(self, t: float) -> None:
        """Time passes without a datagram: silent local trackers are looked at, trackers long
        silent without touches forgotten; the socket table is read at most every
        LIVENESS_EVERY."""
        self.t = t
        self._ticks += 1
        if t - self._pruned_at >= LIVENESS_EVERY:
            self._pruned_at = t
            self.look(force=False)
            self._prune()

    def take(self, reading: Reading, sender: str, t: float) -> None:
        """Each part of a datagram from `sender` gets its tracker; a new finger while another
        tracker holds touches is a moment to look for dead ones too."""
        self.t = t
        known = self.trackers
        for part in reading.parts:
            tracker = part.tracker = known.get((part.version, part.source, sender)) or (
                self.tracker(part.version, part.source, sender))
            if part.alive is not None and self._ports is not None and self._newcomer(tracker, part):
                self.look(force=True, spare=tracker)
        if reading.source != self.named.get(sender, ""):
            self.name(sender, reading.source)

    def _newcomer(self, tracker: Tracker, part: Part) -> bool:
        """Whether the part's frame begins a finger while another tracker holds touches."""
        touches, alive = tracker.touches, part.alive or ()
        return any(s not in touches and s in alive for s in (*tracker.pending, *part.positions)
                   ) and any(other.touches for other in self.trackers.values()
                             if other is not tracker)

    def tracker(self, version: str, source: str, sender: str) -> Tracker:
        """The tracker of a part; a new one is a moment to look for dead local trackers."""
        key = (version, source, sender)
        tracker = self.trackers.get(key)
        if tracker is None:
            if len(self.trackers) >= MAX_TRACKERS:
                oldest = min(self.trackers.values(), key=lambda other: other.accepted_at)
                self.stats.reject(f"more than {MAX_TRACKERS} trackers at once (a flood?)")
                self._drop(oldest)
            tracker = Tracker(key, _loopback_port(sender))
            self.trackers[key] = tracker
            self.look(force=True, spare=tracker)
        return tracker

    def _drop(self, tracker: Tracker) -> None:
        self.trackers.pop(tracker.key, None)
        tracker.dropped = True
        if tracker.touches:
            self.ended.append(tracker)

    def look(self, force: bool, spare: Tracker | None = None) -> None:
        """Which local trackers with touches still hold their port. Forced (a new tracker, a
        new touch while another tracker holds touches): all of them, at once; else only
        those silent for LIVENESS_EVERY. `spare` just spoke: it is not judged now."""
        t = self.t
        moment = (t, self._ticks)  # a poll: a flood of new trackers reads the table once
        if self._ports is None or (force and self._forced_at == moment):
            return
        if force:
            self._forced_at = moment
        watch = [tracker for tracker in self.trackers.values()
                 if tracker.port is not None and tracker.touches and tracker is not spare
                 and (force or t - tracker.accepted_at >= LIVENESS_EVERY)]
        if not watch:
            return
        if self._looked_at != moment:  # the socket table is read once a moment
            self._looked_at = moment
            self._open = self._ports()
        ports = self._open
        if ports is None:
            return
        for tracker in watch:
            if tracker.port in ports:
                if tracker.drops == self.stats.dropped and not tracker.repeats:
                    tracker.vouched = t
                continue
            self.stats.gone += 1
            version, name, sender = tracker.key
            log.info("TUIO %s tracker %s (%r) is gone: its %d touches end", version, sender,
                     name, len(tracker.touches))
            self._drop(tracker)

    def _prune(self) -> None:
        """Forget trackers silent for RESTART_AFTER without touches (any frame of theirs
        would now start a new run anyway), and the names of senders with no tracker."""
        t = self.t
        for tracker in [tracker for tracker in self.trackers.values()
                        if not tracker.touches and t - tracker.accepted_at > RESTART_AFTER]:
            self._drop(tracker)
        senders = {sender for _version, _name, sender in self.trackers}
        for sender in [sender for sender in self.named if sender not in senders]:
            del self.named[sender]
