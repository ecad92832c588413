"""Entry point: ``python -m reference_crs`` runs the client against the demo agent.

The command line, the store and the agent are in :mod:`reference_crs.demo`
(:func:`reference_crs.demo.main.main`).
"""

import sys

from reference_crs.demo.main import main

if __name__ == "__main__":
    sys.exit(main())
