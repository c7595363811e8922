"""Issue 50, item 2: a touch's way through the input crosses each stage once, in order. Frames
sent over loopback UDP are polled through the production chain while every Python call is
traced: each datagram (and each moment of time passing) goes through the decoder's stages in
their order (OSC, the messages, the trackers, frame assembly), never back; then each filter
runs once, in the chain's order, and no filter calls into the source. The values the stages
hand on (`tuio_parts`, `events`), the decoder that composes them and the chain's runner are
no stage.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from tuio_client import RefTuio1Server, RefTuio2Server
from tuio_receiver import Clock, receive, wait_readable

from seigneurs.input.filters import Pipeline
from seigneurs.input.setup import InputSettings, production_filters
from seigneurs.input.tuio import TuioSource

INPUT = Path(__file__).resolve().parent.parent / "seigneurs" / "input"
VALUES = {"tuio_parts", "events", "tuio_decoder", "filters/base", "filters/chain",
          "filters/__init__"}
STAGES = ["tuio", "osc", "tuio1|tuio2|tuio_checks", "tuio_trackers", "tuio_frames",
          "filters/stuck", "filters/transform", "filters/palms", "filters/storm",
          "filters/regions", "filters/dejitter"]
FILTERS = STAGES.index("filters/stuck")
DATAGRAM = -1  # the decoder is handed a datagram, or time passing


def stage_of(frame: FrameType) -> int | None:
    path = Path(frame.f_code.co_filename)
    if INPUT not in path.parents:
        return None
    name = path.relative_to(INPUT).with_suffix("").as_posix()
    if name == "tuio_decoder" and frame.f_code.co_name in ("feed", "tick"):
        return DATAGRAM
    if name in VALUES:
        return None
    (index,) = [i for i, stage in enumerate(STAGES) if name in stage.split("|")]
    return index


def crossed(poll: Any) -> list[int]:
    """The stages entered by `poll()`, in order, each run of calls in one stage once."""
    entered: list[int] = []

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            stage = stage_of(frame)
            if stage is not None and (not entered or entered[-1] != stage):
                entered.append(stage)

    sys.setprofile(profile)
    try:
        poll()
    finally:
        sys.setprofile(None)
    return entered


def one_way(entered: list[int]) -> bool:
    """Each datagram's stages forward only, then the filters forward only, each once."""
    filters = [s for s in entered if s >= FILTERS]
    first = entered.index(filters[0]) if filters else len(entered)
    if any(s < FILTERS for s in entered[first:]) or filters != sorted(set(filters)):
        return False
    runs: list[list[int]] = [[]]
    for stage in entered[:first]:
        if stage == DATAGRAM:
            runs.append([])
        elif stage:  # the socket (0) hands each datagram on
            runs[-1].append(stage)
    return all(run == sorted(set(run)) for run in runs)


def test_the_one_way_check_sees_a_return() -> None:
    """The measure can fail: a filter calling back into frame assembly, a datagram's trackers
    asked again after assembly, a filter run twice."""
    assert one_way([0, DATAGRAM, 1, 2, 3, 4, DATAGRAM, 3, 4, 5, 6, 7, 8])
    assert not one_way([0, DATAGRAM, 1, 2, 3, 4, 5, 4, 6])
    assert not one_way([0, DATAGRAM, 1, 2, 4, 3])
    assert not one_way([0, DATAGRAM, 1, 2, 3, 4, 5, 6, 5])


def test_a_frame_crosses_each_stage_once_in_order() -> None:
    """TUIO 1.1 and 2.0 frames (fingers landing, then moving, then one lifting), each polled
    through the production chain: every stage entered only forward, each filter once."""
    clock = Clock()
    source = TuioSource("127.0.0.1", 0, clock=clock)
    try:
        settings = InputSettings(ignore_rim=0.01)
        pipeline = Pipeline(source, production_filters(settings, settings.tuio_transform,
                                                       source.decoder.voices), clock=clock)
        one = RefTuio1Server(*source.address)
        two = RefTuio2Server(*source.address, source="stages")
        receive(source, one.out.sent)
        frames = [{0: (0.3, 0.4), 1: (0.6, 0.4)}, {0: (0.35, 0.45), 1: (0.6, 0.5)},
                  {1: (0.62, 0.5)}]
        for n, fingers in enumerate(frames):
            for sender in (one, two):
                if isinstance(sender, RefTuio1Server):
                    sender.frame(fingers, n / 60)
                else:
                    sender.frame({s: (x, y, 0) for s, (x, y) in fingers.items()}, n / 60)
                expected = one.out.sent + two.out.sent
                while source.stats.packets < expected:
                    wait_readable(source.socket)
                    entered = crossed(pipeline.poll)
                    assert FILTERS in entered  # the poll read a frame and filtered it
                    assert one_way(entered), [STAGES[s] if s >= 0 else "|" for s in entered]
        assert source.stats.frames == 1 + 2 * len(frames)  # and the 1.1 greeting
        assert source.stats.malformed == 0
    finally:
        source.close()
