"""gunicorn's side of serving deckjudge: the worker class, the server's hooks and its logs.

Holds what runs inside gunicorn rather than inside a request: the threaded worker that loses
no request on a graceful stop and answers health probes on threads of their own
(draining_worker, probe_lane), the listener closed to new connections
first (closing_door), an answer's head and body in one write (one_write), a client that sends
its request or takes its answer too slowly let go of by its time (slow_peers), requests
gunicorn refuses to read answered as problems (server_errors), the JSON access log
(access_log), error records of bounded size (bounded_log), the garbage collector as a worker
runs it (collector), and the memory a large request took given back (memory_return).
gunicorn_conf.py installs them.

May import: api.middleware, catalog, runtime.
"""
