"""A stand-in for Sentry in the tests: a tiny HTTP server on 127.0.0.1 that keeps every
envelope the SDK sends, and a DSN pointing at it."""

from __future__ import annotations

import gzip
import json
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import sentry_sdk

from core.observability import outage_throttle, sentry_init


@dataclass
class Recorder:
    dsn: str
    bodies: list[bytes] = field(default_factory=list)

    def items(self) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every (item header, payload) of every envelope received."""
        sentry_sdk.flush(timeout=5)
        found = []
        for body in self.bodies:
            lines = body.split(b"\n")
            # Line 0 is the envelope's header; then a header and a payload per item.
            for header, payload in zip(lines[1::2], lines[2::2], strict=False):
                if header.strip():
                    found.append((json.loads(header), json.loads(payload)))
        return found

    def events(self) -> list[dict[str, Any]]:
        return [payload for header, payload in self.items() if header.get("type") == "event"]

    def check_ins(self) -> list[dict[str, Any]]:
        return [payload for header, payload in self.items() if header.get("type") == "check_in"]

    def raw(self) -> str:
        sentry_sdk.flush(timeout=5)
        return b"\n".join(self.bodies).decode("utf-8", errors="replace")


def _decoded(body: bytes, encoding: str) -> bytes:
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "deflate":
        return zlib.decompress(body)
    if encoding == "br":
        import brotli  # type: ignore[import-not-found]

        return bytes(brotli.decompress(body))
    return body


@contextmanager
def sentry_recorder() -> Iterator[Recorder]:
    """Sentry initialised as settings.py does, sending to a recorder; switched off after."""
    bodies: list[bytes] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            bodies.append(_decoded(body, self.headers.get("Content-Encoding", "")))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    outage_throttle.last = None
    dsn = f"http://publickey@127.0.0.1:{server.server_address[1]}/1"
    sentry_init(dsn=dsn, environment="test", release="test", traces_sample_rate=0.0)
    try:
        yield Recorder(dsn=dsn, bodies=bodies)
    finally:
        sentry_sdk.flush(timeout=5)
        sentry_sdk.get_client().close()
        # Back to no client at all, as without SENTRY_DSN.
        sentry_sdk.get_global_scope().set_client(None)
        server.shutdown()
        server.server_close()
        outage_throttle.last = None
