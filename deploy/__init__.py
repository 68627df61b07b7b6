"""The production stack: nginx in front of gunicorn (`make production`, docs/deploy.md).

May import: api, api.middleware.
"""
