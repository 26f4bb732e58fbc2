#!/usr/bin/env python
"""Run Django's command-line utility for pgweb."""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Run an administrative task."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
