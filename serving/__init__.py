"""gunicorn's side of serving deckjudge: the worker class, the server's hooks and its logs.

Holds what runs inside gunicorn rather than inside a request: the threaded worker that loses
no request on a graceful stop and answers health probes on threads of their own
(draining_worker, probe_lane), the listener closed to new connections
first (closing_door), an answer's head and body in one write (one_write), requests gunicorn
refuses to read answered as problems (server_errors), the JSON access log (access_log), error
records of bounded size (bounded_log), and the garbage collector as a worker runs it
(collector). gunicorn_conf.py installs them.

May import: api.middleware, catalog, runtime.
"""
