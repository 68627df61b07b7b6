"""gunicorn settings for deckjudge: `gunicorn -c gunicorn_conf.py 'app:create_app()'`."""

import logging
import multiprocessing
import os
import signal
import string
import tempfile

from serving import closing_door, collector, memory_return, one_write, server_errors, slow_peers

# Requests gunicorn refuses before the app sees them are answered as problem+json too.
server_errors.install()
# An answer's headers leave with its body: a killed instance cuts no answer in two.
one_write.install()
# A client that takes none of its answer for this long is dropped, its thread let go of; at
# most the request's deadline (serving/slow_peers.py, which also times a request's reads).
slow_peers.configure(float(os.environ.get("GUNICORN_WRITE_TIMEOUT",
                                          slow_peers.DEFAULT_WRITE_TIMEOUT)))

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")


_NAMING = frozenset(string.ascii_letters + string.digits + ".-")  # what a socket's name keeps


def _control_socket(bind: str) -> str:
    """gunicornc's socket, one per instance: gunicorn's default is one path per user, so a
    second instance on the machine took over the first one's."""
    if bind.startswith("unix:"):
        return bind.removeprefix("unix:") + ".ctl"  # beside the instance's own socket
    folder = os.environ.get("XDG_RUNTIME_DIR") or os.path.join(tempfile.gettempdir(),
                                                               f"deckjudge-{os.getuid()}")
    named = "".join(char if char in _NAMING else "_" for char in bind)
    return os.path.join(folder, f"deckjudge-{named}.ctl")


control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET") or _control_socket(bind)
# Validation is CPU-bound Python: one worker a core, a few threads for I/O waits.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
# gthread, but a graceful stop answers every connection the server took (see the module).
worker_class = "serving.draining_worker.DrainingThreadWorker"
# The master kills a worker whose main loop has not told it it is alive for this long. A
# request runs on another thread, which this never cuts off: the app's own deadline does
# (REQUEST_DEADLINE_SECONDS, api/middleware/deadlines.py).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, in-flight requests get this long to finish before workers are killed.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
# A keep-alive connection is closed after this many requests, as nginx's keepalive_requests
# and Apache's MaxKeepAliveRequests do. Workers share one listening socket, and a client
# that holds its connections open (a site's HTTP pool, a load balancer, wrk) otherwise stays
# on whichever worker happened to accept them: all 32 of a pool on one worker, the other
# idle. Reconnecting lets an idle worker take them. Under wrk, after 20 requests throughput
# holds from run to run, where after 100 it swings and after 10 the reconnects cost more
# (speed trick "keep-alive quota": docs/performance.md).
_KEEPALIVE_REQUESTS = int(os.environ.get("GUNICORN_KEEPALIVE_REQUESTS", "20"))
# A worker is replaced after this many requests (jittered so they do not restart together).
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
accesslog = "-"
logger_class = "serving.access_log.JsonAccessLogger"
# The app is built once in the master; it opens no connection there, and each worker
# drops any pooled connection it inherited (post_fork), so none crosses a fork.
preload_app = True


def pre_request(worker, req):
    if _KEEPALIVE_REQUESTS and req.req_number >= _KEEPALIVE_REQUESTS:
        req.must_close = True  # answered with "Connection: close"


def post_request(worker, req, environ, resp):
    # The answer is sent: what a large request took goes back to the system.
    memory_return.after(environ)


def when_ready(server):
    # On a full stop, new connections are refused before workers take the last ones.
    closing_door.install(server)
    _index_before_fork(server)


def _index_before_fork(server):
    """The master builds the catalog index once, before it forks the workers: each worker
    building its own would pay the index build's CPU at every start, and the suite starts
    gunicorn about sixty times. The index's objects are then frozen out of
    the collector's sight, and the collector set as the workers run it (serving.collector;
    speed trick "index before fork": docs/performance.md)."""
    from api.middleware import store

    try:
        store.warm_before_fork(server.app.wsgi())
    except Exception as error:  # the database may be down: each worker tries again
        logging.getLogger("gunicorn.error").warning("catalog index not loaded at start: %s",
                                                    error.__class__.__name__)
    collector.settle()


def on_exit(server):
    # The master is past its graceful stop and about to exit 0. Python gives SIGTERM back
    # its default action while the interpreter shuts down, so a second SIGTERM landing
    # then (a supervisor that signals twice, a test's teardown after its own stop) killed
    # the finished master with status -15: 6 exits of 6 with a SIGTERM every 2 ms during
    # the stop. An ignored signal stays ignored through shutdown.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def post_fork(server, worker):
    from api.middleware import store

    store.after_fork(worker.app.wsgi())


def post_worker_init(worker):
    # The worker's index is the master's, current unless the catalog changed since (then
    # it loads the new one here), or none when the master could not load one.
    from api.middleware import store

    try:
        store.warm(worker.app.wsgi())
    except Exception as error:  # the database may be down: the first request retries
        logging.getLogger("gunicorn.error").warning("catalog index not loaded at start: %s",
                                                    error.__class__.__name__)
