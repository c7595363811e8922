"""Issue 29, item 4: counts that read from every side. A count that turned half round reads as
another number carries an underline (as on dice and playing cards); one that reads the same
or as no number does not."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from seigneurs.ui.counts import needs_mark, turned


def test_6_and_9_are_marked_and_8_is_not() -> None:
    assert needs_mark("6") and needs_mark("9")
    assert not needs_mark("8") and not needs_mark("0") and not needs_mark("1")


def test_counts_that_turn_into_another_number_are_marked() -> None:
    for text in ("16", "91", "66", "99", "86", "98", "19", "61", "10", "18"):
        assert needs_mark(text), text


def test_counts_that_read_the_same_or_as_no_number_turned_are_not() -> None:
    for text in ("69", "96", "88", "11", "7", "2", "5", "12", "26", "54", "17", ""):
        assert not needs_mark(text), text


@given(st.integers(min_value=0, max_value=999))
def test_a_mark_exactly_when_the_turned_count_reads_as_another_number(n: int) -> None:
    text = str(n)
    back = turned(text)
    if back is not None:
        assert turned(back) == text  # turning twice is the count itself
    assert needs_mark(text) == (back is not None and back != text)
