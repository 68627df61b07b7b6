"""The HTTP surface: blueprints, request and response schemas, problem details."""
