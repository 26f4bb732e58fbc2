"""What every ruleset shares: hex geometry, dice you can verify, per-viewer handles
and rules errors."""
