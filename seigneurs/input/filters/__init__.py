"""What sits between a device and the game, one filter a module, behind one ordered chain
(`chain.Pipeline`, built by `input.setup.production_filters`): stuck touches released, the
panel's coordinates oriented and calibrated, palms and sleeves ignored, touch storms capped,
ignored regions (the rim where small wrists rest), jitter. Each runs once a poll, in order,
and reads what its source says of a touch as data (`base.Voices`), never calling it back.
"""

from seigneurs.input.filters.base import Filter, Voice, Voices
from seigneurs.input.filters.chain import Pipeline
from seigneurs.input.filters.dejitter import Dejitter
from seigneurs.input.filters.palms import PALM_CM, IgnorePalms, palm_longest
from seigneurs.input.filters.regions import IgnoreRegions, rim
from seigneurs.input.filters.storm import StormGuard
from seigneurs.input.filters.stuck import ReleaseStuck
from seigneurs.input.filters.transform import IDENTITY, Matrix, Transform

__all__ = ["IDENTITY", "PALM_CM", "Dejitter", "Filter", "IgnorePalms", "IgnoreRegions",
           "Matrix", "Pipeline", "ReleaseStuck", "StormGuard", "Transform", "Voice", "Voices",
           "palm_longest", "rim"]
