"""The API answers as its OpenAPI schema says (Schemathesis over every operation).

As a signed-in player, with every rate limit raised for the run (the checks send many
requests from one address) and axes' lock-out off (wrong passwords are part of what is
generated), each operation is called with data generated from its schema, and its answer
must conform: a documented status code, a body of the documented schema. A write that
refuses data its schema allows says so here too (positive data acceptance).
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from rest_framework.renderers import JSONRenderer
from schemathesis import GenerationMode
from schemathesis.checks import (
    not_a_server_error,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

CSRF = "schemathesisschemathesisschemat1"  # a CSRF secret: 32 letters and digits
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance,
          positive_data_acceptance]


@pytest.fixture(autouse=True)
def room_for_the_run(settings):
    """Rates raised, lock-out off, and the host name Schemathesis's WSGI client sends."""
    settings.PGWEB_RATES = {scope: "100000/second" for scope in settings.PGWEB_RATES}
    settings.AXES_ENABLED = False
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]


def served_schema() -> schemathesis.BaseSchema:
    """The document /api/v1/schema/ serves, built by the same generator, called in-process."""
    document = json.loads(JSONRenderer().render(SchemaGenerator().get_schema(public=True)))
    schema = schemathesis.openapi.from_dict(document)
    # Text holding NUL is refused everywhere by design (request/bad_text, docs/security.md;
    # tests/abuse fuzzes it): a schema cannot say so, so the positive data leaves it out.
    schema.config.generation.update(allow_x00=False)
    schema.app = get_wsgi_application()
    return schema


@pytest.fixture
def player_cookies(db, client):
    """The session and CSRF cookies of a signed-in player."""
    user = get_user_model().objects.create_user("schema-player", password="a long passphrase")
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF}


schema = served_schema()
# Each operation is a test of its own, named by its method and path. (Schemathesis's
# `schema.parametrize()` gives all its items one node id under pytest 9.2, and pytest-xdist
# hands out tests by node id: it ran the first operation alone.)
OPERATIONS = {operation.label: operation for operation in (
    result.ok() for result in schema.get_all_operations())}


def test_every_operation_of_the_schema_is_checked():
    """Every path and method the schema documents is one of OPERATIONS (none failed to load)."""
    documented = {f"{method.upper()} {path}" for path, methods in schema.raw_schema["paths"].items()
                  for method in methods if method in {"get", "post", "put", "patch", "delete"}}
    assert documented == set(OPERATIONS)
    assert len(OPERATIONS) > 50


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_every_operation_answers_as_its_schema_says(label, player_cookies):
    """Data the schema allows gets a documented status and body, and is not refused."""
    operation = OPERATIONS[label]
    checks = CHECKS
    if label == "POST /api/v1/auth/signup":
        # A password the schema allows may still be refused as weak (Django's validators:
        # entirely numeric, too common, too like the name), which no schema can state.
        checks = [c for c in CHECKS if c is not positive_data_acceptance]

    @given(case=operation.as_strategy(GenerationMode.POSITIVE))
    @settings(max_examples=5, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def answers(case):
        case.cookies = {**(case.cookies or {}), **player_cookies}
        case.call_and_validate(headers={"X-CSRFToken": CSRF, "Referer": "http://localhost/"},
                               checks=checks)

    answers()
