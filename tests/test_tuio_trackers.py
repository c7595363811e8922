"""Issue 31, item 4: no living finger waits or is lost when a tracker dies, restarts, holds its
fingers still, or shares its name with another. Every scene goes over real loopback UDP into
the production chain (`TuioSource` behind `production_filters`), sent frame by frame as the
reference C++ servers send (`RefTuio1Server`, `RefTuio2Server`); a tracker's death is its
socket closing, as when its process ends. A tracker "elsewhere" (`ports=None`) is one whose
port the table cannot look at, as for a tracker on another machine.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import assert_paired
from tuio_client import RefTuio1Server, RefTuio2Server
from tuio_receiver import FRAME, Clock, Run, open_source

from seigneurs.input.events import TouchPhase
from seigneurs.input.filters import Pipeline, ReleaseStuck, StormGuard
from seigneurs.input.tuio import TuioSource
from seigneurs.input.tuio_trackers import open_udp_ports

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["here", "elsewhere"])
def where(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def source(clock: Clock, where: str) -> Iterator[TuioSource]:
    src = open_source(clock, open_udp_ports if where == "here" else None)
    yield src
    src.close()


def guard(pipeline: Pipeline) -> StormGuard:
    (found,) = [f for f in pipeline.filters if isinstance(f, StormGuard)]
    return found


def stuck(pipeline: Pipeline) -> ReleaseStuck:
    (found,) = [f for f in pipeline.filters if isinstance(f, ReleaseStuck)]
    return found


def test_a_finger_landing_just_after_its_neighbours_tracker_died_is_never_lost(
        source: TuioSource, clock: Clock, where: str) -> None:
    """The issue's scene: a tracker with 19 moving fingers dies; 0.1 s later another
    tracker's 3 fingers land at the 20-touch cap and move for 2 s. Here (its port is seen
    closed) the ghosts end before the newcomers begin: all 3 at once, every move passed.
    Elsewhere (no port to look at) the ghosts still count as fresh for half a second: the
    newcomers beyond the cap wait, and each comes back at its first move once a ghost is
    stale enough to give its place, never dropped for its whole life as before. (The
    reference client has no cap: all 3 at once, and the 19 ghosts stay for good.)"""
    run = Run(source, clock)
    dying = RefTuio2Server(*source.address, source="dying")
    for frame in range(30):
        clock.now += FRAME
        dying.frame({s: (0.04 * s + 0.02, 0.3 + frame / 500, 0) for s in range(19)},
                    frame * FRAME)
        run.read(dying.out.sent)
    dying.out.close()
    clock.now += 0.1
    other = RefTuio2Server(*source.address, source="other")
    sent = dying.out.sent
    firsts: dict[int, float] = {}
    for frame in range(120):  # 2 s of three moving fingers
        other.frame({s: (0.1 + 0.25 * s + frame / 400, 0.7, 0) for s in range(3)},
                    frame * FRAME)
        sent += 1
        for event in run.read(sent):
            if event.phase is D and event.y < 0.5:
                firsts.setdefault(event.id, clock.now)
        clock.now += FRAME
    newcomers = [e for e in run.events if e.id in firsts]
    assert len(firsts) == 3  # 3 of 3 shown
    if where == "here":
        assert set(firsts.values()) == {firsts[min(firsts)]}  # together, in the first poll
        assert [e.phase for e in newcomers].count(M) == 3 * 119  # every move
        assert guard(run.pipeline).dropped == 0 and source.stats.gone == 1
    else:
        assert max(firsts.values()) - min(firsts.values()) <= 0.5 + 2 * FRAME
        assert guard(run.pipeline).replaced == 2  # two ghosts gave their places
    run.wait(8.5)  # the living three held still now: held here, released elsewhere
    assert_paired(run.events, every_touch_ended=False)
    still_down = {e.id for e in run.events if e.phase is D} - {
        e.id for e in run.events if e.phase is U}
    assert still_down == (set(firsts) if where == "here" else set())  # every ghost ended


@pytest.mark.parametrize("version", ["1.1", "2.0"])
def test_still_fingers_with_the_reference_defaults_are_held_or_come_back(
        source: TuioSource, clock: Clock, where: str, version: str) -> None:
    """Three fingers held still for 11 s on a tracker with the reference servers' defaults
    (no periodic messages: nothing is sent while nothing moves), then 30 moves each. Here
    (the tracker's port is open, the kernel dropped nothing) they are held all along and
    every move is the same touch's. Elsewhere they are released at 8 s (nothing says they
    are down) and come back as new touches at their first move, every move passed; before,
    all 90 moves were lost. (The reference client keeps them: it has no timeout.)"""
    run = Run(source, clock)
    fingers = {s: (0.2 + 0.3 * s, 0.5) for s in range(3)}
    server: RefTuio1Server | RefTuio2Server
    if version == "1.1":
        server = RefTuio1Server(*source.address, source=None)
        server.frame(fingers, 0.0)
    else:
        server = RefTuio2Server(*source.address)
        server.frame({s: (x, y, 0) for s, (x, y) in fingers.items()}, 0.0)
    downs = run.read(server.out.sent)
    assert [e.phase for e in downs] == [D] * 3
    held = run.wait(11.0)
    for step in range(1, 31):
        moved = {s: (x, y + step / 100) for s, (x, y) in fingers.items()}
        if isinstance(server, RefTuio1Server):
            server.frame(moved, 11 + step * FRAME)
        else:
            server.frame({s: (x, y, 0) for s, (x, y) in moved.items()}, 11 + step * FRAME)
        clock.now += FRAME
        run.read(server.out.sent)
    after = run.events[len(downs) + len(held):]
    if where == "here":
        assert held == [] and stuck(run.pipeline).released == 0
        assert [e.phase for e in after] == [M] * 90
        assert {e.id for e in after} == {e.id for e in downs}
    else:
        assert [e.phase for e in held] == [U] * 3
        assert [e.phase for e in after] == [D] * 3 + [M] * 87  # nothing lost
    assert_paired(run.events, every_touch_ended=False)


@pytest.mark.parametrize("name", [None, "ref11@127.0.0.1"], ids=["unnamed", "named"])
def test_a_killed_and_restarted_tuio_1_tracker_ends_its_old_touches_at_once(
        clock: Clock, name: str | None) -> None:
    """TUIO 1.1 with the reference server's default (no `source`: unnamed) or a name, killed
    with 3 fingers down (no shutdown bundle) and started again (a new process: a new port,
    fseq from -1): its old touches end in the very poll that reads the new run's greeting,
    then the new run's fingers come. (The reference client ends them too: the greeting's
    empty `alive` is for the same, unnamed source.)"""
    source = open_source(clock)
    try:
        run = Run(source, clock)
        old = RefTuio1Server(*source.address, source=name)
        old.frame({0: (0.2, 0.5), 1: (0.5, 0.5), 2: (0.8, 0.5)}, 0.0)
        assert [e.phase for e in run.read(old.out.sent)] == [D] * 3
        run.wait(2.0)
        old.out.close()  # killed
        clock.now += 0.5
        new = RefTuio1Server(*source.address, source=name)  # sends its greeting
        assert [e.phase for e in run.read(old.out.sent + 1)] == [U] * 3
        new.frame({0: (0.3, 0.3), 1: (0.6, 0.3)}, 0.0)
        assert [e.phase for e in run.read(old.out.sent + new.out.sent)] == [D] * 2
        assert source.stats.gone == 1 and source.stats.malformed == 0
    finally:
        source.close()


@pytest.mark.parametrize("name", [None, "table"], ids=["unnamed", "named"])
@pytest.mark.parametrize("version", ["1.1", "2.0"])
def test_two_trackers_with_one_name_never_end_each_others_fingers(
        source: TuioSource, clock: Clock, version: str, name: str | None) -> None:
    """Two identical tables (or a cloned configuration, or two unnamed trackers): the first
    holds 3 fingers still (no periodic messages); the second starts (the reference greeting,
    frame ids from 0), plays for 3 s and shuts down. The first's fingers are never ended and
    move on as the same touches, here and elsewhere. (The reference client, which knows a
    tracker by its name alone, lets the second's greeting and frames end the first's
    fingers.)"""
    if version == "2.0" and name is None:
        pytest.skip("a TUIO 2 `frm` always carries a source name")
    run = Run(source, clock)
    first: RefTuio1Server | RefTuio2Server
    second: RefTuio1Server | RefTuio2Server
    fingers = {s: (0.2 + 0.3 * s, 0.3) for s in range(3)}

    def send(server: RefTuio1Server | RefTuio2Server, where: dict[int, tuple[float, float]],
             now: float) -> None:
        if isinstance(server, RefTuio1Server):
            server.frame(where, now)
        else:
            server.frame({s: (x, y, 0) for s, (x, y) in where.items()}, now)

    if version == "1.1":
        first = RefTuio1Server(*source.address, source=name)
    else:
        first = RefTuio2Server(*source.address, source=name or "")
    send(first, fingers, 0.0)
    sent = first.out.sent
    mine = run.read(sent)
    assert [e.phase for e in mine] == [D] * 3
    clock.now += 1.0
    if version == "1.1":
        second = RefTuio1Server(*source.address, source=name)
    else:
        second = RefTuio2Server(*source.address, source=name or "")
    for frame in range(180):
        send(second, {7: (0.5, 0.9 - frame / 1000)}, frame * FRAME)
        clock.now += FRAME
        run.read(sent + second.out.sent)
    second.shutdown() if isinstance(second, RefTuio2Server) else second.frame({}, 3.0)
    run.read(sent + second.out.sent)
    run.wait(2.0)  # 6 s still in all: below the stuck release, so that only names are tried
    send(first, {s: (x, y + 0.05) for s, (x, y) in fingers.items()}, 6.0)
    run.read(first.out.sent + second.out.sent)
    ours = [e for e in run.events if e.id in {e.id for e in mine}]
    assert [e.phase for e in ours] == [D] * 3 + [M] * 3  # never ended, the same touches
    theirs = [e for e in run.events if e.id not in {e.id for e in mine}]
    assert [e.phase for e in theirs][:1] == [D] and theirs[-1].phase is U
    assert source.stats.gone == 0
