"""Issue 16, item 3: the contact's shape and orientation, read where a source sends it, checked
against the kernel's multi-touch protocol and the TUIO 1.1 and 2.0 specifications."""

from __future__ import annotations

import math

import pytest

from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evdev_device import (
    ABS_MT_ORIENTATION,
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TOUCH_MAJOR,
    ABS_MT_TOUCH_MINOR,
    ABS_MT_TRACKING_ID,
    ABS_MT_WIDTH_MAJOR,
    EV_ABS,
    EV_SYN,
    SYN_MT_REPORT,
    SYN_REPORT,
    AxisRange,
    DeviceInfo,
)
from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.input.filters import Transform
from seigneurs.input.tuio_decoder import TuioDecoder
from seigneurs.tools.tuio_send import osc_bundle, osc_message

XY = {ABS_MT_SLOT: AxisRange(0, 9), ABS_MT_POSITION_X: AxisRange(0, 1000),
      ABS_MT_POSITION_Y: AxisRange(0, 500), ABS_MT_TRACKING_ID: AxisRange(0, 65535)}


def panel(**axes: AxisRange) -> EvdevDecoder:
    codes = {"major": ABS_MT_TOUCH_MAJOR, "minor": ABS_MT_TOUCH_MINOR,
             "width": ABS_MT_WIDTH_MAJOR, "orientation": ABS_MT_ORIENTATION}
    return EvdevDecoder(DeviceInfo("panel", {**XY, **{codes[k]: v for k, v in axes.items()}}))


def touch_b(decoder: EvdevDecoder, *values: tuple[int, int]) -> TouchEvent:
    """One slot-B contact landing with these (code, value)s; its down event."""
    out = []
    for code, value in ((ABS_MT_SLOT, 0), (ABS_MT_TRACKING_ID, 5), (ABS_MT_POSITION_X, 500),
                        (ABS_MT_POSITION_Y, 250), *values):
        out += decoder.feed(EV_ABS, code, value, 0.0)
    out += decoder.feed(EV_SYN, SYN_REPORT, 0, 0.0)
    assert [e.phase for e in out] == [TouchPhase.DOWN]
    return out[0]


def test_evdev_sizes_are_in_surface_units_like_the_position() -> None:
    """Kernel doc: TOUCH_MAJOR/MINOR in surface units; a fraction of X's span here."""
    event = touch_b(panel(major=AxisRange(0, 1118), minor=AxisRange(0, 1118)),
                    (ABS_MT_TOUCH_MAJOR, 100), (ABS_MT_TOUCH_MINOR, 40))
    assert event.contact == Contact(0.1, 0.04, None, False)


def test_evdev_width_stands_in_for_a_contact_not_given() -> None:
    """WIDTH_MAJOR is the approaching tool's size: the best there is without TOUCH_MAJOR."""
    event = touch_b(panel(width=AxisRange(0, 1118)), (ABS_MT_WIDTH_MAJOR, 250))
    assert event.contact is not None and event.contact.major == pytest.approx(0.25)


@pytest.mark.parametrize("value, angle", [
    (0, 90.0),  # "zero ... aligned with the Y axis (north)": up, on our y-up display
    (90, 0.0),  # "aligned with the X axis in the positive direction, the range max"
    (-90, 0.0),  # "... in the negative direction, -max": the same axis
    (45, 45.0),  # a quarter of a quarter turn clockwise from north
    (-45, 135.0),  # turned to the left
])
def test_evdev_orientation_is_a_signed_quarter_turn_clockwise_from_north(
        value: int, angle: float) -> None:
    event = touch_b(panel(orientation=AxisRange(-90, 90)), (ABS_MT_ORIENTATION, value))
    assert event.contact is not None
    assert event.contact.angle == pytest.approx(angle) and not event.contact.signed


def test_evdev_orientation_beyond_the_max_gives_a_full_turn_and_a_sign() -> None:
    """Kernel doc: a device capable of 360 degrees exceeds the max; upside down is max * 2."""
    decoder = panel(orientation=AxisRange(-90, 90))
    down = touch_b(decoder, (ABS_MT_ORIENTATION, 180))
    assert down.contact is not None
    assert down.contact.angle == pytest.approx(270.0) and down.contact.signed  # points south
    out = decoder.feed(EV_ABS, ABS_MT_ORIENTATION, -45, 0.1)
    out += decoder.feed(EV_SYN, SYN_REPORT, 0, 0.1)
    assert out[0].contact is not None and out[0].contact.angle == pytest.approx(135.0)
    assert out[0].contact.signed


def test_evdev_orientation_of_range_0_1_only_tells_the_two_axes_apart() -> None:
    """Kernel doc: partial support, the range [0, 1]."""
    decoder = panel(orientation=AxisRange(0, 1))
    assert touch_b(decoder, (ABS_MT_ORIENTATION, 1)).contact == Contact(0.0, 0.0, 0.0, False)
    assert touch_b(panel(orientation=AxisRange(0, 1)), (ABS_MT_ORIENTATION, 0)).contact == \
        Contact(0.0, 0.0, 90.0, False)


def test_evdev_protocol_a_gives_each_contact_its_own_shape() -> None:
    decoder = EvdevDecoder(DeviceInfo("a", {ABS_MT_POSITION_X: AxisRange(0, 1000),
                                            ABS_MT_POSITION_Y: AxisRange(0, 1000),
                                            ABS_MT_TOUCH_MAJOR: AxisRange(0, 1414)}))
    out = []
    for x, major in ((100, 30), (900, 300)):
        out += decoder.feed(EV_ABS, ABS_MT_POSITION_X, x, 0.0)
        out += decoder.feed(EV_ABS, ABS_MT_POSITION_Y, 500, 0.0)
        out += decoder.feed(EV_ABS, ABS_MT_TOUCH_MAJOR, major, 0.0)
        out += decoder.feed(EV_SYN, SYN_MT_REPORT, 0, 0.0)
    out += decoder.feed(EV_SYN, SYN_REPORT, 0, 0.0)
    assert [e.contact.major if e.contact else None for e in out] == [0.03, 0.3]


def test_a_panel_without_shape_axes_gives_no_contact_and_shape_is_no_longer_ignored() -> None:
    assert touch_b(EvdevDecoder(DeviceInfo("plain", XY))).contact is None
    decoder = panel(major=AxisRange(0, 1118))
    touch_b(decoder, (ABS_MT_TOUCH_MAJOR, 10))
    assert decoder.stats.ignored == 0


def tuio2(*messages: bytes) -> list[TouchEvent]:
    decoder = TuioDecoder()
    return decoder.feed(osc_bundle([osc_message("/tuio2/frm", 1), *messages,
                                    osc_message("/tuio2/alv", 7)]), 0.0)


def test_tuio2_ptr_angle_shear_radius_in_their_spec_order() -> None:
    """TUIO 2.0: /tuio2/ptr s_id tu_id c_id x_pos y_pos angle shear radius press; the angle in
    radians on the surface, whose y points down (a quarter turn there points down the screen)."""
    [event] = tuio2(osc_message("/tuio2/ptr", 7, 0x00020005, 0, 0.5, 0.5, 1.5707964, 0.2,
                                0.01, 0.0))
    contact = event.contact
    assert contact is not None and contact.signed
    assert contact.angle == pytest.approx(270.0)  # down the display
    assert contact.major == contact.minor == pytest.approx(0.02)
    assert contact.shear == pytest.approx(11.459, abs=1e-3)


def test_tuio2_bnd_gives_the_size_and_keeps_the_pointers_signed_angle() -> None:
    """TUIO 2.0: /tuio2/bnd s_id x_pos y_pos angle width height area, same session id."""
    [event] = tuio2(osc_message("/tuio2/ptr", 7, 0, 0, 0.5, 0.5, 3.1415927, 0.0, 0.01, 0.0),
                    osc_message("/tuio2/bnd", 7, 0.5, 0.5, 0.5, 0.06, 0.02, 0.001))
    assert event.contact is not None
    assert (event.contact.major, event.contact.minor) == pytest.approx((0.06, 0.02))
    assert event.contact.angle == pytest.approx(180.0) and event.contact.signed
    [alone] = tuio2(osc_message("/tuio2/bnd", 7, 0.5, 0.5, 0.0, 0.02, 0.06, 0.001),
                    osc_message("/tuio2/ptr", 7, 0, 0, 0.5, 0.5))
    assert alone.contact == Contact(pytest.approx(0.06), pytest.approx(0.02), 90.0, False)


def test_tuio2_ptr_angle_0_is_no_orientation_as_trackers_send_0_for_what_they_do_not_measure(
) -> None:
    """A tracker without orientation sends angle 0: read as "pointing right", it would name
    the seats whose arms point right (the crowd over TUIO saw it); the bnd's axis stands."""
    [bare] = tuio2(osc_message("/tuio2/ptr", 7, 0, 0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0))
    assert bare.contact is None
    [sized] = tuio2(osc_message("/tuio2/ptr", 7, 0, 0, 0.5, 0.5, 0.0, 0.0, 0.01, 0.0))
    assert sized.contact == Contact(pytest.approx(0.02), pytest.approx(0.02), None, False, 0.0)
    [boxed] = tuio2(osc_message("/tuio2/ptr", 7, 0, 0, 0.5, 0.5, 0.0, 0.0, 0.01, 0.0),
                    osc_message("/tuio2/bnd", 7, 0.5, 0.5, 0.5, 0.06, 0.02, 0.001))
    assert boxed.contact is not None and not boxed.contact.signed
    assert boxed.contact.angle == pytest.approx(-math.degrees(0.5) % 180.0)


def test_tuio1_blob_gives_the_shape_of_the_cursor_with_its_session_id() -> None:
    """TUIO 1.1: /tuio/2Dblb set s x y a w h f (then speeds); its alive and fseq are its own."""
    decoder = TuioDecoder()
    decoder.feed(osc_bundle([osc_message("/tuio/2Dblb", "alive", 3),
                             osc_message("/tuio/2Dblb", "set", 3, 0.5, 0.5, 0.7853982, 0.08,
                                         0.03, 0.002, 0.0, 0.0, 0.0, 0.0, 0.0),
                             osc_message("/tuio/2Dblb", "fseq", 4)]), 0.0)
    [event] = decoder.feed(osc_bundle([osc_message("/tuio/2Dcur", "alive", 3),
                                       osc_message("/tuio/2Dcur", "set", 3, 0.5, 0.5, 0.0, 0.0,
                                                   0.0),
                                       osc_message("/tuio/2Dcur", "fseq", 4)]), 0.0)
    assert event.contact == Contact(pytest.approx(0.08), pytest.approx(0.03),
                                    pytest.approx(135.0), False)  # 45 deg down-right: an axis


@pytest.mark.parametrize("transform", [
    Transform(invert_y=True), Transform(invert_x=True), Transform(rotation=90),
    Transform(rotation=270), Transform(swap_axes=True, rotation=180),
])
@pytest.mark.parametrize("signed", [True, False])
def test_a_turned_or_mirrored_panel_turns_the_angle_with_the_positions(
        transform: Transform, signed: bool) -> None:
    """The angle out points from where the contact lands to where a point a little way along
    its old angle lands (a square panel, as the fractions are)."""
    angle = 30.0
    step = 0.01
    event = TouchEvent(1, TouchPhase.DOWN, 0.5, 0.5, 0.0, None,
                       Contact(0.01, 0.01, angle, signed))
    ahead = event._replace(x=0.5 + step * math.cos(math.radians(angle)),
                           y=0.5 + step * math.sin(math.radians(angle)))
    [turned, moved] = transform([event, ahead], 0.0)
    expected = math.degrees(math.atan2(moved.y - turned.y, moved.x - turned.x)) % 360
    assert turned.contact is not None and turned.contact.angle is not None
    assert turned.contact.angle == pytest.approx(expected % (360 if signed else 180))
    assert turned.contact.signed is signed
