"""Every test renders headless, run alone or in the whole suite (the CI sets it too)."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")
