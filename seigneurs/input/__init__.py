"""Touch input: devices and simulators turned into one plain event type, plus seat ownership.

Knows nothing of cards or of arcade: events carry an id, a phase, a position normalised to
0..1 of the display (origin bottom-left, y up), the device's timestamp and, where the source
knows it, the user.
"""
