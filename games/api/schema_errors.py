"""Document the refusals every API operation may answer with, in the API's error shape.

A drf-spectacular postprocessing hook (settings.SPECTACULAR_SETTINGS): each view documents
its own success; the refusals follow from an operation's shape and are the same everywhere
(games/api/exceptions.py gives DRF's own the same body as the services'):

- 400 bad input: an operation that reads a body or parameters;
- 403 not signed in, not allowed, or the CSRF check failed: every write (CSRF is checked on
  every unsafe method, signed in or not) and every operation that needs a signed-in user;
- 404 no such object: an operation with a path parameter, and every write (a body names
  objects too: a scenario, a seek, a player);
- 409 the object is not in a state that allows it (a game already started, a stale
  version): every write;
- 429 a rate limit (games/throttles.py): every write.

`tests/api/test_schema_conformance.py` calls every operation with generated data and holds
each answer to the document, so a refusal missing here fails there.
"""

from __future__ import annotations

from typing import Any

ERROR = "Error"
ERROR_SCHEMA = {
    "type": "object",
    "description": "A refusal: a stable `code` clients switch on, and a `message` for people.",
    "properties": {
        "code": {"type": "string", "example": "game/not_found"},
        "message": {"type": "string"},
        "fields": {
            "type": "object",
            "additionalProperties": {},
            "description": "The field errors of an invalid body, by field.",
        },
    },
    "required": ["code", "message"],
}
WRITES = {"post", "put", "patch", "delete"}
REASONS = {
    400: "The request is malformed or its values are refused.",
    403: "Not signed in, not allowed, or the CSRF check failed.",
    404: "No such object.",
    409: "The object is not in a state that allows this.",
    429: "Too many requests: a rate limit.",
}


def refusals(method: str, operation: dict[str, Any]) -> list[int]:
    """The refusal statuses an operation may answer with, from its method and its shape."""
    parameters = operation.get("parameters", [])
    statuses = []
    if "requestBody" in operation or parameters:
        statuses.append(400)
    anonymous = {} in operation.get("security", [{}])
    if method in WRITES or not anonymous:
        statuses.append(403)
    if method in WRITES or any(p.get("in") == "path" for p in parameters):
        statuses.append(404)
    if method in WRITES:
        statuses += [409, 429]
    return statuses


def document_refusals(result: dict[str, Any], generator: Any, request: Any,
                      public: bool) -> dict[str, Any]:
    """Add the shared Error schema and each operation's refusals to the document."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR] = ERROR_SCHEMA
    error = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR}"}}}
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            responses = operation.setdefault("responses", {})
            for status in refusals(method, operation):
                responses.setdefault(str(status), {"description": REASONS[status]})
            for status, response in responses.items():
                if status.startswith("4"):  # a refusal a view names: the same body
                    response.setdefault("content", error)
    return result
