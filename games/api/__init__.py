"""The REST API (DRF), version 1, and its OpenAPI schema."""
