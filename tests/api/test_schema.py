"""The API publishes a valid OpenAPI document at /api/v1/schema/."""

from __future__ import annotations

from drf_spectacular.validation import validate_schema


def test_the_schema_is_a_valid_openapi_3_document(client) -> None:
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    document = response.json()
    assert document["openapi"].startswith("3.")
    assert document["info"]["title"] == "pgweb API"
    assert "/api/v1/status/" in document["paths"]
    validate_schema(document)  # drf-spectacular's bundled OpenAPI 3.0 JSON schema


def test_the_schema_is_served_as_yaml_by_default(client) -> None:
    response = client.get("/api/v1/schema/")
    assert response.status_code == 200
    assert response.content.startswith(b"openapi: 3.")


def test_the_status_endpoint_names_the_api_version(client) -> None:
    response = client.get("/api/v1/status/")
    assert response.json() == {"api": "v1", "authenticated": False}
