"""`python -m seigneurs.cli`: the same as the `seigneurs` console script."""

import sys

from seigneurs.cli import main

sys.exit(main())
