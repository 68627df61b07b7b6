"""Format rules: formats as data, composed of small checks with stable codes."""
