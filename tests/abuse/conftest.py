"""The socket tests' fixtures (tests/consumers/conftest.py), for the abuse tests' sockets."""

from __future__ import annotations

from tests.consumers.conftest import (  # noqa: F401  (fixtures, found by name)
    app,
    close_sockets_after_the_test,
    memory_layer,
)
