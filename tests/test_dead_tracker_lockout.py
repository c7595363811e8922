"""Issue 50, item 1: no new finger is ever turned away while the touch cap holds touches that
nobody is updating. A tracker dies with 19, 20 or 40 fingers down (TUIO 1.1 and 2.0, sent as
the reference servers send); 0.3 s, 1 s or 11 s later three fingers land from another tracker
or from the dead one restarted under its name (a new process, a new port). The dead one is
hung (its process sends nothing but holds its socket open: no port closes), killed (its socket
closes) or elsewhere (a tracker whose port the table cannot look at). All over real loopback
UDP into the production chain, on an injected clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from helpers import assert_paired
from tuio_client import RefTuio1Server, RefTuio2Server
from tuio_receiver import FRAME, Run, open_source

from seigneurs.input.events import TouchPhase
from seigneurs.input.tuio import TuioSource
from seigneurs.input.tuio_trackers import open_udp_ports

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP
Server = RefTuio1Server | RefTuio2Server


def server(version: str, address: tuple[str, int], name: str) -> Server:
    if version == "1.1":
        return RefTuio1Server(*address, source=name)
    return RefTuio2Server(*address, source=name)


def send(tracker: Server, fingers: dict[int, tuple[float, float]], now: float) -> None:
    if isinstance(tracker, RefTuio1Server):
        tracker.frame(fingers, now)
    else:
        tracker.frame({s: (x, y, 0) for s, (x, y) in fingers.items()}, now)


@pytest.fixture(params=["hung", "killed", "elsewhere"])
def death(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def table(death: str) -> Iterator[tuple[TuioSource, Run]]:
    from tuio_receiver import Clock

    clock = Clock()
    source = open_source(clock, None if death == "elsewhere" else open_udp_ports)
    yield source, Run(source, clock)
    source.close()


@pytest.mark.parametrize("version", ["1.1", "2.0"])
@pytest.mark.parametrize("fingers", [19, 20, 40])
@pytest.mark.parametrize("newcomer", ["another", "restarted"])
@pytest.mark.parametrize("after", [0.3, 1.0, 11.0])
def test_three_new_fingers_come_in_at_once_whatever_the_dead_tracker_left(
        table: tuple[TuioSource, Run], death: str, version: str, fingers: int,
        newcomer: str, after: float) -> None:
    """3 of 3, in the very poll that reads their first frame, and every move of theirs; the
    dead one's touches that gave their places end as lifts (so the table lets their cards
    go), never a touch twice."""
    source, run = table
    dying = server(version, source.address, "dying")
    for frame in range(30):
        run.clock.now += FRAME
        send(dying, {s: (0.02 + 0.024 * s, 0.3 + frame / 500) for s in range(fingers)},
             frame * FRAME)
        run.read(dying.out.sent)
    ghosts = {e.id for e in run.events if e.phase is D}
    assert len(ghosts) == min(fingers, 20)  # the cap: the rest of 40 waited
    if death == "killed":
        dying.out.close()
    run.wait(after)
    sent = dying.out.sent
    arriving = server(version, source.address, "dying" if newcomer == "restarted" else "other")
    came: list[int] = []
    for frame in range(60):
        run.clock.now += FRAME
        send(arriving, {s: (0.2 + 0.25 * s + frame / 400, 0.7) for s in range(3)},
             after + frame * FRAME)
        got = run.read(sent + arriving.out.sent)
        came += [e.id for e in got if e.phase is D and e.id not in ghosts]
        if frame == 0:
            assert len(came) == 3, f"{len(came)} of 3 came in at once"
    assert len(came) == 3
    moves = [e for e in run.events if e.id in came and e.phase is M]
    assert len(moves) == 3 * 59  # and every move of theirs passed
    ended = {e.id for e in run.events if e.phase is U}
    assert len(ghosts & ended) >= min(fingers, 20) + 3 - 20  # lifted to make room
    assert_paired(run.events, every_touch_ended=False)
    dying.out.close()
    arriving.out.close()


@contextmanager
def local(version: str, periodic: float | None) -> Iterator[tuple[TuioSource, Run, Server]]:
    """A table on an injected clock and a reference-style tracker on this machine, sending
    periodic updates every `periodic` seconds while nothing moves (None: the default, never)."""
    from tuio_receiver import Clock

    clock = Clock()
    source = open_source(clock)
    tracker: Server
    if version == "1.1":
        tracker = RefTuio1Server(*source.address, periodic=periodic)
    else:
        tracker = RefTuio2Server(*source.address, periodic=periodic)
    try:
        yield source, Run(source, clock), tracker
    finally:
        tracker.out.close()
        source.close()


@pytest.mark.parametrize("version", ["1.1", "2.0"])
@pytest.mark.parametrize("periodic", [None, 1.0], ids=["reference", "periodic"])
def test_a_live_trackers_still_fingers_are_kept_a_minute(version: str,
                                                         periodic: float | None) -> None:
    """Three fingers held still for 60 s on a live tracker on this machine: with the reference
    defaults (nothing sent while nothing moves; its port open) or repeating itself every
    second (`periodic`), they are held the whole minute and move on as the same touches."""
    with local(version, periodic) as (source, run, tracker):
        fingers = {s: (0.2 + 0.3 * s, 0.5) for s in range(3)}
        send(tracker, fingers, 0.0)
        downs = run.read(tracker.out.sent)
        for second in range(1, 61):
            send(tracker, fingers, float(second))  # sends only if periodic
            run.clock.now += 0.5
            run.read(tracker.out.sent)
            run.wait(0.5)
        assert run.events == downs and source.stats.gone == 0
        assert source.decoder.trackers.trackers and all(  # it showed it repeats itself, or not
            t.repeats == (periodic is not None) for t in source.decoder.trackers.trackers.values())
        send(tracker, {s: (x, y + 0.05) for s, (x, y) in fingers.items()}, 61.0)
        moved = run.read(tracker.out.sent)
        assert [(e.id, e.phase) for e in moved] == [(e.id, M) for e in downs]


@pytest.mark.parametrize("version", ["1.1", "2.0"])
def test_a_tracker_that_repeated_itself_then_fell_silent_is_not_vouched_for_by_its_port(
        version: str) -> None:
    """A tracker that sent frames while its fingers rested (periodic updates) and then sends
    nothing, its process hung with its socket open: its silence, not its port, is the word.
    Its touches are released at the stuck timeout as lifts, though the port stays open."""
    with local(version, 1.0) as (source, run, tracker):
        fingers = {s: (0.2 + 0.3 * s, 0.5) for s in range(3)}
        for second in range(4):
            send(tracker, fingers, float(second))
            run.clock.now += 1.0
            run.read(tracker.out.sent)
        lifted = run.wait(9.0)  # hung: nothing more, the socket open
        assert [e.phase for e in lifted] == [U] * 3 and source.stats.gone == 0
