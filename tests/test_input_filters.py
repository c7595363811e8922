"""Between device and game: transforms, jitter, ignore regions, stuck touches, storms,
the mouse's pinned touches, unique ids across sources, seat ownership (issue: multi-touch)."""

from __future__ import annotations

import math

import pytest
from helpers import SaidAt, assert_paired
from hypothesis import given, settings
from hypothesis import strategies as st

from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.input.filters import (
    Dejitter,
    IgnorePalms,
    IgnoreRegions,
    Pipeline,
    ReleaseStuck,
    StormGuard,
    Transform,
    rim,
)
from seigneurs.input.setup import InputSettings, parse_kinds, production_filters
from seigneurs.input.sources import MouseSource, ScriptedSource, TouchMux

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


def ev(touch: int, phase: TouchPhase, x: float, y: float, t: float = 0.0,
       user: int | None = None) -> TouchEvent:
    return TouchEvent(touch, phase, x, y, t, user)


@pytest.mark.parametrize("transform, expected", [
    (Transform(), (0.2, 0.1)),
    (Transform(rotation=90), (0.9, 0.2)),  # clockwise: near the top-left, then the top-right
    (Transform(rotation=180), (0.8, 0.9)),
    (Transform(rotation=270), (0.1, 0.8)),
    (Transform(invert_x=True), (0.8, 0.1)),
    (Transform(invert_y=True), (0.2, 0.9)),
    (Transform(swap_axes=True), (0.1, 0.2)),
    (Transform(calibration=(0.5, 0.0, 0.25, 0.0, 2.0, 0.0)), (0.35, 0.2)),
    (Transform(calibration=(0.0, -1.0, 1.0, 1.0, 0.0, 0.0)), (0.9, 0.2)),  # libinput's 90
])
def test_transforms_speak_the_panels_convention(transform: Transform,
                                                expected: tuple[float, float]) -> None:
    """Issue 17: origin top-left, y down, as evdev, TUIO and libinput. A point near the
    panel's top-left corner (0.2, 0.1), and where it goes; events are y up (as drawn), so the
    event at y 0.9 is that same point."""
    assert transform.apply(0.2, 0.1) == pytest.approx(expected)
    out = transform([ev(1, D, 0.2, 0.9)], 0.0)
    assert (out[0].x, 1 - out[0].y) == pytest.approx(expected)


def test_bad_rotation_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="0, 90, 180 or 270"):
        Transform(rotation=45)


def test_dejitter_drops_tiny_moves_only() -> None:
    jitter = Dejitter(0.01)
    out = jitter([ev(1, D, 0.5, 0.5), ev(1, M, 0.501, 0.5), ev(1, M, 0.53, 0.5),
                  ev(1, U, 0.531, 0.5)], 0.0)
    assert [(e.phase, e.x) for e in out] == [(D, 0.5), (M, 0.53), (U, 0.531)]


def test_touches_starting_on_the_rim_are_ignored_whole() -> None:
    ignore = IgnoreRegions(rim(0.05))
    out = ignore([ev(1, D, 0.5, 0.02), ev(2, D, 0.5, 0.5), ev(1, M, 0.5, 0.5),
                  ev(1, U, 0.5, 0.5), ev(2, M, 0.5, 0.01)], 0.0)
    assert [(e.id, e.phase) for e in out] == [(2, D), (2, M)]  # a touch may move onto it


def test_stuck_touch_is_released_and_comes_back_as_a_new_touch_if_it_moves() -> None:
    """Issue 31: a finger held still on a source that sends nothing for it is released, and
    its next move is a new touch, not lost; a released touch's late lift alone is dropped."""
    stuck = ReleaseStuck(timeout=8.0)
    assert stuck([ev(1, D, 0.5, 0.5), ev(2, D, 0.2, 0.2)], now=0.0)
    assert stuck([], now=5.0) == []
    released = stuck([], now=9.0)
    assert [(e.id, e.phase) for e in released] == [(1, U), (2, U)] and stuck.released == 2
    back = stuck([ev(1, M, 0.6, 0.5), ev(1, M, 0.7, 0.5), ev(1, U, 0.7, 0.5),
                  ev(2, U, 0.2, 0.2), ev(2, M, 0.3, 0.2)], now=10.0)
    assert [(e.id, e.phase, e.x) for e in back] == [(1, D, 0.6), (1, M, 0.7), (1, U, 0.7)]


def test_a_down_always_starts_a_new_touch_ending_the_lost_one_first() -> None:
    """Issue 10: a source that lost a lift and starts again reuses ids; the old touch ends
    before the new one begins, so no filter keeps counting it."""
    stuck = ReleaseStuck(timeout=8.0)
    stuck([ev(3, D, 0.5, 0.5)], now=0.0)
    out = stuck([ev(3, D, 0.2, 0.2, t=1.0)], now=1.0)
    assert [(e.id, e.phase, e.x) for e in out] == [(3, U, 0.5), (3, D, 0.2)]
    assert stuck([ev(9, M, 0.1, 0.1), ev(9, U, 0.1, 0.1)], now=2.0) == []  # never seen


def test_a_touch_its_source_vouches_for_is_never_stuck() -> None:
    """Issue 10 row 6: a finger held still, named alive by its tracker, is held."""
    alive_at = {1: 0.0}
    stuck = ReleaseStuck(timeout=8.0, voices=SaidAt(alive_at))
    stuck([ev(1, D, 0.5, 0.5)], now=0.0)
    for second in range(1, 30):
        alive_at[1] = float(second)
        assert stuck([], now=float(second)) == []
    assert [e.phase for e in stuck([], now=38.0)] == [U]  # the tracker fell silent


def test_storm_of_palms_is_capped_and_never_stalls() -> None:
    guard = StormGuard(max_touches=20, max_events=100)
    downs = [ev(i, D, (i % 10) / 10, (i // 10) / 20) for i in range(150)]
    out = guard(downs, 0.0)
    assert len(out) == 20 and guard.dropped == 130
    moves = guard([ev(i, M, 0.5, 0.5) for i in range(150)] * 10, 0.0)
    assert len(moves) == 100  # 200 moves of admitted touches, capped per frame
    ups = guard([ev(i, U, 0.5, 0.5) for i in range(150)], 0.0)
    assert len(ups) == 20  # every passed touch still ends


def test_at_the_cap_a_new_finger_takes_the_place_of_the_stalest_touch() -> None:
    """Issue 17: a touch silent (not moved, not named by its source) for `stale_after` or more
    gives its place; among several, the one silent longest, and one its source named last."""
    said_alive = {2: 0.9}
    guard = StormGuard(max_touches=3, voices=SaidAt(said_alive), stale_after=0.5)
    assert len(guard([ev(1, D, 0.1, 0.1), ev(2, D, 0.2, 0.2), ev(3, D, 0.3, 0.3)], 0.0)) == 3
    assert guard([ev(3, M, 0.35, 0.3)], 0.6) == [ev(3, M, 0.35, 0.3)]
    came = guard([ev(4, D, 0.4, 0.4, t=1.0)], 1.0)  # 1 silent 1 s; 2 vouched at 0.9; 3 moved
    assert [(e.id, e.phase) for e in came] == [(1, U), (4, D)] and guard.replaced == 1
    assert guard([ev(1, U, 0.5, 0.5)], 1.1) == []  # its late lift
    assert [(e.id, e.phase) for e in guard([ev(5, D, 0.5, 0.5)], 2.0)] == [(3, U), (5, D)]
    fresh = StormGuard(max_touches=2, stale_after=0.5)
    fresh([ev(1, D, 0.1, 0.1), ev(2, D, 0.2, 0.2)], 0.0)
    assert fresh([ev(3, D, 0.3, 0.3), ev(3, U, 0.3, 0.3)], 0.4) == []  # none stale: a palm
    assert fresh.dropped == 2 and fresh.replaced == 0


def test_pipeline_runs_filters_in_order() -> None:
    scripted = ScriptedSource()
    pipeline = Pipeline(scripted, [Transform(invert_x=True), IgnoreRegions(rim(0.1))],
                        clock=lambda: 0.0)
    scripted.down(1, 0.95, 0.5, 0.0)  # inverted to x=0.05: on the rim, ignored
    scripted.down(2, 0.5, 0.5, 0.0)
    assert [e.id for e in pipeline.poll()] == [2]


def test_mouse_left_button_is_a_finger_and_right_click_pins_touches() -> None:
    mouse = MouseSource(lambda: (1000, 500), clock=lambda: 1.0)
    mouse.press(100, 100)
    mouse.drag(200, 100)
    mouse.release(200, 100)
    assert [e.phase for e in mouse.poll()] == [D, M, U]
    mouse.press(300, 300, right=True)  # pin a touch
    mouse.press(600, 300, right=True)  # and another
    pins = mouse.poll()
    assert [e.phase for e in pins] == [D, D] and len({e.id for e in pins}) == 2
    mouse.press(300, 300)  # grab the first pin and drag it
    mouse.drag(350, 320)
    mouse.release(350, 320)
    moved = mouse.poll()
    assert [(e.id, e.phase) for e in moved] == [(pins[0].id, M)]
    mouse.press(350, 320, right=True)  # right-click a pin: lifted
    assert [(e.id, e.phase) for e in mouse.poll()] == [(pins[0].id, U)]
    assert len(mouse.pins) == 1


def test_mux_gives_unique_ids_across_sources() -> None:
    a, b = ScriptedSource(), ScriptedSource()
    mux = TouchMux([a, b])
    a.down(1, 0.1, 0.1, 0.2)
    b.down(1, 0.9, 0.9, 0.1)
    events = mux.poll()
    assert len({e.id for e in events}) == 2 and [e.t for e in events] == [0.1, 0.2]
    a.up(1, 0.1, 0.1, 0.3)
    assert mux.poll()[0].id == next(e.id for e in events if e.x == 0.1)


def test_mux_forgets_a_lifted_touch_even_one_it_never_saw_land() -> None:
    """A lift ends its touch's id, also a lift of a touch that landed before the mux began
    polling; the source reusing its id later is a new touch, and a landing id that is still
    down (a lost lift) starts a new touch too."""
    a = ScriptedSource()
    mux = TouchMux([a])
    a.up(7, 0.1, 0.1, 0.1)
    a.move(7, 0.2, 0.2, 0.2)
    lifted, moved = mux.poll()
    assert lifted.phase is TouchPhase.UP and moved.id != lifted.id
    a.down(7, 0.3, 0.3, 0.3)
    a.move(7, 0.4, 0.4, 0.4)
    landed, followed = mux.poll()
    assert landed.id not in (lifted.id, moved.id) and followed.id == landed.id


def test_the_mouse_echo_of_a_touch_is_ended_and_ignored() -> None:
    """Issue 10: X11 echoes the first finger as the mouse, sometimes a frame before the panel's
    own touch. The echo ends as the touch begins (before it, so its card is free for it) and is
    ignored until it lifts; afterwards the mouse works again."""
    panel, mouse = ScriptedSource(), ScriptedSource()
    mux = TouchMux([panel], mouse)
    mouse.down(0, 0.5, 0.5, 1.00)
    (echo,) = mux.poll()
    panel.down(7, 0.5, 0.5, 1.01)
    mouse.move(0, 0.52, 0.5, 1.02)
    ended, touch = mux.poll()
    assert (ended.id, ended.phase) == (echo.id, U) and ended.t <= touch.t
    assert touch.phase is D and touch.id != echo.id
    mouse.move(0, 0.55, 0.5, 1.03)
    mouse.up(0, 0.55, 0.5, 1.04)
    panel.move(7, 0.55, 0.5, 1.03)
    assert [(e.id, e.phase) for e in mux.poll()] == [(touch.id, M)]
    panel.up(7, 0.55, 0.5, 1.05)
    mux.poll()
    mouse.down(0, 0.2, 0.2, 2.0)  # nobody touching: the mouse is a finger again
    assert [e.phase for e in mux.poll()] == [D]


def test_a_mouse_press_during_a_touch_is_dropped_whole_unless_configured() -> None:
    """Issue 10: like Kivy's `disable_on_activity`; `mouse_during_touch` reads it anyway."""
    for during, expected in ((False, [D, U]), (True, [D, D, M, U, U])):
        panel, mouse = ScriptedSource(), ScriptedSource()
        mux = TouchMux([panel], mouse, mouse_during_touch=during)
        panel.down(1, 0.5, 0.5, 0.0)
        mouse.down(0, 0.3, 0.3, 0.1)
        mouse.move(0, 0.35, 0.3, 0.2)
        mouse.up(0, 0.35, 0.3, 0.3)
        panel.up(1, 0.5, 0.5, 0.4)
        assert [e.phase for e in mux.poll()] == expected


def test_input_kinds() -> None:
    assert parse_kinds("auto") == ("evdev", "tuio", "mouse")
    assert parse_kinds("tuio,mouse") == ("tuio", "mouse")
    with pytest.raises(ValueError, match="--input"):
        parse_kinds("joystick")
    with pytest.raises(ValueError, match="unknown input"):
        InputSettings(kinds=("joystick",))


frames = st.lists(st.tuples(
    st.floats(0.0, 3.0),  # seconds before this frame
    st.one_of(
        st.lists(st.tuples(st.sampled_from([D, M, U]), st.integers(0, 7),
                           st.floats(0.0, 1.0), st.floats(0.0, 1.0)), max_size=12),
        st.integers(20, 120).map(  # a flood: palms and sleeves, each a new touch
            lambda n: [(D, 100 + i, (i % 10) / 10, (i // 10) / 12) for i in range(n)]))),
    max_size=25)


@settings(max_examples=200, deadline=None)
@given(frames, st.sampled_from([0.0, 0.05]), st.sampled_from([0.0, 0.002]),
       st.integers(2, 20), st.sampled_from([0, 90, 180, 270]), st.sets(st.integers(0, 7)))
def test_the_filter_chain_always_recovers(stream: list[tuple[float, list[tuple[TouchPhase, int,
                                          float, float]]]], rim_width: float, jitter: float,
                                          max_touches: int, orientation: int,
                                          vouched: set[int]) -> None:
    """Issue 10: over the production chain (`production_filters()`), any stream (lost lifts,
    ids coming again after a restart, moves of unknown touches, floods, a source vouching for
    touches until it dies) comes out well-formed; once the source is silent for the stuck
    timeout the live count is back to zero and a new finger always comes through."""
    config = InputSettings(ignore_rim=rim_width, jitter=jitter, max_touches=max_touches,
                           orientation=orientation)
    now = 0.0
    said: dict[int, float] = {}
    chain = production_filters(config, Transform(invert_y=True), SaidAt(said))
    out: list[TouchEvent] = []

    def run(events: list[TouchEvent]) -> list[TouchEvent]:
        for step in chain:
            events = step(events, now)
        out.extend(events)
        return events

    for wait, frame in stream:
        now += wait
        said.update(dict.fromkeys(vouched, now))  # the source names them while it sends
        run([ev(touch, phase, x, y, now) for phase, touch, x, y in frame])
    now += config.stuck_after + 0.5
    run([])
    assert_paired(out)  # well-formed, and every touch that went down has ended
    new = run([ev(5, D, 0.5, 0.5, now), ev(250, D, 0.45, 0.55, now)])
    assert [(e.id, e.phase) for e in new] == [(5, D), (250, D)]


def test_mouse_and_grab_settings_come_from_the_config() -> None:
    """Issue 10: `[input] mouse_during_touch` and `grab` (both off by default)."""
    from seigneurs.kiosk.config import parse

    assert not InputSettings().mouse_during_touch and not InputSettings().grab
    config, problems = parse({"input": {"mouse_during_touch": True, "grab": True}})
    assert problems == [] and config.inputs.mouse_during_touch and config.inputs.grab
    config, problems = parse({"input": {"grab": "yes"}})
    assert not config.inputs.grab and "[input] grab" in str(problems[0])


def test_a_palm_is_dropped_from_its_touch_down_to_its_lift_and_a_fingertip_kept() -> None:
    """A hand leaning on the glass takes no card: a contact whose long axis is over `longest`
    when it lands is dropped, moves and lift included, while fingertips (small, or of no
    reported size) pass; its id landing again as a fingertip passes too."""
    palms = IgnorePalms(longest=0.05)
    big, small = Contact(major=0.08, minor=0.06), Contact(major=0.01, minor=0.01)
    first = [TouchEvent(1, TouchPhase.DOWN, 0.5, 0.5, 0.0, contact=big),
             TouchEvent(2, TouchPhase.DOWN, 0.2, 0.2, 0.0, contact=small),
             TouchEvent(3, TouchPhase.DOWN, 0.7, 0.2, 0.0)]
    assert [e.id for e in palms(first, 0.0)] == [2, 3]
    later = [TouchEvent(1, TouchPhase.MOVE, 0.51, 0.5, 0.1, contact=small),
             TouchEvent(2, TouchPhase.MOVE, 0.21, 0.2, 0.1),
             TouchEvent(1, TouchPhase.UP, 0.51, 0.5, 0.2)]
    assert [(e.id, e.phase) for e in palms(later, 0.0)] == [(2, TouchPhase.MOVE)]
    assert not palms._palms  # a lifted palm is forgotten: a kiosk up for weeks keeps no list
    again = [TouchEvent(1, TouchPhase.DOWN, 0.3, 0.3, 1.0, contact=small),
             TouchEvent(1, TouchPhase.UP, 0.3, 0.3, 1.1)]
    assert palms(again, 0.0) == again
    edge = [TouchEvent(4, TouchPhase.DOWN, 0.3, 0.3, 2.0, contact=Contact(major=0.05))]
    assert palms(edge, 0.0) == edge  # exactly `longest`: not over it


def test_a_stuck_touch_is_released_named_in_the_log_one_stuck_among_fresh_ones_too(
        caplog: pytest.LogCaptureFixture) -> None:
    """A touch with no news for `timeout` is released, whichever touches come before it, and
    the log names it and the timeout; a touch the source vouches for exactly `timeout` ago is
    still down; a released id that lands again is a new touch, and its late moves after its
    new lift are dropped (not taken for a finger held still)."""
    down = TouchPhase.DOWN
    stuck = ReleaseStuck(timeout=8.0, voices=SaidAt({5: 0.5}))
    stuck([TouchEvent(t, down, 0.5, 0.5, 0.0) for t in (1, 2, 5)], 0.0)
    stuck([TouchEvent(1, TouchPhase.MOVE, 0.5, 0.5, 5.0)], 5.0)
    with caplog.at_level("WARNING", logger="seigneurs.input.filters"):
        out = stuck([], 8.5)
    assert [(e.id, e.phase) for e in out] == [(2, TouchPhase.UP)]  # 1 is fresh, 5 vouched for
    assert "touch 2 had no update for 8 s: released" in [r.getMessage() for r in caplog.records]
    again = stuck([TouchEvent(2, down, 0.5, 0.5, 9.0), TouchEvent(2, TouchPhase.UP, 0.5, 0.5, 9.1),
                   TouchEvent(2, TouchPhase.MOVE, 0.5, 0.5, 9.2)], 9.2)
    assert [(e.id, e.phase) for e in again if e.id == 2] == [(2, down), (2, TouchPhase.UP)]


def test_a_flood_skips_only_moves_counts_each_one_and_never_a_lift_or_a_new_finger() -> None:
    """A frame of too many events skips moves past `max_events`, each counted once in
    `dropped`, and still passes every lift and touch-down after them: no child's card is left
    held by a lost lift, no new finger is lost to a flood of other hands' moves."""
    guard = StormGuard(max_events=2)
    guard([ev(touch, D, 0.1 * touch, 0.5) for touch in (1, 2, 3)], 0.0)
    flood = [ev(touch, M, 0.5, 0.5) for touch in (1, 2, 3)] * 2 + [ev(1, U, 0.5, 0.5),
                                                                    ev(4, D, 0.4, 0.4)]
    out = guard(flood, 0.1)
    assert [(e.id, e.phase) for e in out] == [(1, M), (2, M), (1, U), (4, D)]
    assert guard.dropped == 4
    assert len(guard([ev(touch, M, 0.6, 0.6) for touch in (2, 3, 4)], 0.2)) == 2
    assert guard.dropped == 5


def test_a_waiting_finger_comes_back_when_a_stale_touch_gives_way_or_a_touch_lifts() -> None:
    """A finger turned away at the cap comes back at its next move: by taking the place of a
    touch silent for `stale_after`, or into the room a lift left, without ending a fresh
    touch for it."""
    guard = StormGuard(max_touches=1)
    guard([ev(1, D, 0.1, 0.1)], 0.0)
    assert guard([ev(2, D, 0.2, 0.2)], 0.1) == []  # 1 is fresh: 2 waits
    came = guard([ev(2, M, 0.25, 0.2, t=1.0)], 1.0)  # 1 silent for a second
    assert [(e.id, e.phase) for e in came] == [(1, U), (2, D)] and guard.replaced == 1
    roomy = StormGuard(max_touches=2)
    roomy([ev(1, D, 0.1, 0.1), ev(2, D, 0.2, 0.2)], 0.0)
    assert roomy([ev(3, D, 0.3, 0.3)], 0.1) == []
    assert roomy([ev(1, U, 0.1, 0.1)], 0.2) == [ev(1, U, 0.1, 0.1)]
    back = roomy([ev(3, M, 0.35, 0.3)], 0.3)  # 2 (fresh) keeps its place
    assert [(e.id, e.phase) for e in back] == [(3, D)] and roomy.replaced == 0


def test_a_touch_down_again_whose_lift_was_lost_is_let_through_at_the_cap() -> None:
    """A panel that loses a lift sends the id's next touch-down with no lift before it: the
    finger is the same child's, so it passes at the cap, whether the id was down or waiting;
    a lift the guard never saw the touch-down of passes without harm."""
    guard = StormGuard(max_touches=1)
    guard([ev(1, D, 0.1, 0.1)], 0.0)
    assert guard([ev(1, D, 0.2, 0.2)], 0.1) == [ev(1, D, 0.2, 0.2)]
    assert guard([ev(1, M, 0.3, 0.2)], 0.2) == [ev(1, M, 0.3, 0.2)]
    assert guard([ev(2, D, 0.5, 0.5)], 0.3) == []  # 1 is fresh: 2 waits
    assert guard([ev(1, U, 0.3, 0.2)], 0.4) == [ev(1, U, 0.3, 0.2)]
    assert guard([ev(2, D, 0.6, 0.6)], 0.5) == [ev(2, D, 0.6, 0.6)]  # its lift was lost
    assert guard([ev(9, U, 0.7, 0.7)], 0.6) == [ev(9, U, 0.7, 0.7)]


def test_a_waiting_fingers_lift_neither_blocks_a_newcomer_nor_is_remembered() -> None:
    """A waiting finger lifting does not make the guard think the table crowded: a newcomer in
    the same frame still takes a stale touch's place; and every touch turned away is forgotten
    at its lift, so a kiosk up for weeks keeps no list of them."""
    guard = StormGuard(max_touches=1)
    guard([ev(1, D, 0.1, 0.1)], 0.0)
    assert guard([ev(2, D, 0.2, 0.2)], 0.1) == []
    out = guard([ev(2, U, 0.2, 0.2), ev(3, D, 0.3, 0.3, t=1.0)], 1.0)
    assert [(e.id, e.phase) for e in out] == [(1, U), (3, D)]
    assert guard([ev(1, U, 0.1, 0.1)], 1.1) == []  # 1's own late lift
    assert not guard._blocked


def test_a_storm_at_the_cap_asks_the_source_once_a_frame_however_many_fingers_land() -> None:
    """So nothing stalls: when no touch is stale enough to give its place, a frame looks for
    one once, not once per newcomer; a storm of a thousand palms costs no more questions to
    the source than a storm of ten."""
    def questions(newcomers: int) -> int:
        voices = SaidAt({})
        asked = voices.asked
        guard = StormGuard(max_touches=2, max_events=5000, voices=voices)
        guard([ev(1, D, 0.1, 0.1), ev(2, D, 0.2, 0.2)], 0.0)
        palms = [ev(touch, D, 0.5, 0.5) for touch in range(10, 10 + newcomers)]
        assert guard(palms, 0.1) == [] and guard.dropped == newcomers
        return len(asked)
    assert 0 < questions(1000) == questions(10)


def test_the_palm_rule_runs_once_in_the_one_chain_and_the_table_runs_no_filter() -> None:
    """Issue 50: palms are judged by the input's chain alone, with the panel's size taken at
    construction ([table] diagonal_inches reaches it by name): on the 55" 16:9 table a 4 cm
    contact is the limit, on a 32" one the same 4 cm is a larger share of the width; the
    table's session imports no filter."""
    from pathlib import Path

    from seigneurs.kiosk.config import parse

    steps = production_filters(InputSettings(), Transform())
    (palms,) = [step for step in steps if isinstance(step, IgnorePalms)]
    width_cm = 55 * 2.54 * 16 / math.hypot(16, 9)
    assert palms.longest == pytest.approx(4.0 / width_cm)
    config, problems = parse({"table": {"diagonal_inches": 32}})
    (small,) = [s for s in production_filters(config.inputs, Transform())
                if isinstance(s, IgnorePalms)]
    assert problems == [] and small.longest == pytest.approx(palms.longest * 55 / 32)
    hand = TouchEvent(1, TouchPhase.DOWN, 0.5, 0.5, 0.0, contact=Contact(1.01 * palms.longest))
    tip = TouchEvent(2, TouchPhase.DOWN, 0.5, 0.5, 0.0, contact=Contact(0.99 * palms.longest))
    events = [hand, tip]
    for step in steps:
        events = step(events, 0.0)
    assert [e.id for e in events] == [2]
    table = Path(__file__).resolve().parent.parent / "seigneurs" / "table"
    assert not [p for p in table.rglob("*.py") if "seigneurs.input.filters" in p.read_text()]
