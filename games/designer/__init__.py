"""Players' battles: scenario documents drafted, checked, published as revisions, reported
and hidden; the bundled scenarios stored beside them (docs/designer.md)."""
