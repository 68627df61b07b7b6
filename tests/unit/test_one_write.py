"""gunicorn's answers leave in one write, headers with the body (serving/one_write.py), over a
real socket pair and gunicorn's own request parser and response."""

from __future__ import annotations

import socket

from gunicorn.config import Config
from gunicorn.http.parser import RequestParser

from serving.one_write import OneWriteResponse


class Counting:
    """A real socket that records each write made to it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.writes = sock, []

    def sendall(self, data: bytes) -> None:
        self.writes.append(data)
        self.sock.sendall(data)


def _answer(body_pieces: list[bytes], headers: list[tuple[str, str]]) -> tuple[list, bytes]:
    server, client = socket.socketpair()
    with server, client:
        client.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        request = next(iter(RequestParser(Config(), server, ("127.0.0.1", 1))))
        counting = Counting(server)
        response = OneWriteResponse(request, counting, Config())
        response.start_response("200 OK", headers)
        for piece in body_pieces:
            response.write(piece)
        response.close()
        server.shutdown(socket.SHUT_WR)
        received = b"".join(iter(lambda: client.recv(65536), b""))
    return counting.writes, received


def test_the_headers_leave_with_the_first_piece_of_the_body():
    body = b"x" * 130_170  # a format=all verdict's size
    writes, received = _answer([body], [("Content-Length", str(len(body)))])
    assert len(writes) == 1
    head, _, sent_body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK") and b"Content-Length: 130170" in head
    assert sent_body == body


def test_later_pieces_and_chunked_framing_are_gunicorns():
    writes, received = _answer([b"first", b"second"], [])  # no length: chunked
    assert len(writes) == 3  # headers with the first chunk, the second, the last chunk
    assert writes[0].endswith(b"\r\n\r\n5\r\nfirst\r\n")
    assert received.endswith(b"6\r\nsecond\r\n0\r\n\r\n")
