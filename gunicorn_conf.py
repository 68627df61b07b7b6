"""gunicorn settings for deckjudge: `gunicorn -c gunicorn_conf.py 'app:create_app()'`."""

import multiprocessing
import os

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# Validation is CPU-bound Python: one worker a core, a few threads for I/O waits.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
timeout = 30
graceful_timeout = 30
keepalive = 5
accesslog = "-"
# No preload_app: each worker builds the app, and so its database engine, after the
# fork, so no database connection is ever shared between processes.
preload_app = False

