"""``python -m veillee`` is the ``veillee`` command."""

from veillee.cli.main import main

raise SystemExit(main())
