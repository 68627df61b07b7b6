"""What every request and answer of the app passes through, whatever the endpoint.

The catalog the app reads: its engine, the request's session and the current index
(store). Problem documents and the error handlers that write them (problems), the body
read off the wire (request_stream, refused_bodies, unreadable_requests), each request's id
(request_ids) and deadline (deadlines), the bound every answer is held to (answer_bound),
answers' caching (http_cache), compression, cross-origin access, security headers and JSON
encoding (json_provider). app.py installs them; endpoints raise their problems.

May import: catalog, runtime.
"""
