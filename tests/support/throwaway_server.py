"""One way to start a throw-away gunicorn for the benchmarks, the scale-out test and the
scripts: bind a free port (or the one given), wait until /api/health answers 200, stop it
afterwards. With --front-door (or front_door()), the site as `make run` serves it: the
Node server on the port, forwarding Django's paths to gunicorn on a free internal port.
Standard library only, so any of them can load it.

From Python (after putting this folder on sys.path):

    with throwaway_server.running(env=env, workers=2, log=tmp / "gunicorn.log") as server:
        ... server.port, server.url ...

From a shell script, around a command (the server stops when the command ends, and the
command's exit status is this one's):

    python tests/support/throwaway_server.py --port 8765 --log server.log -- npx playwright test
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

HOST = "127.0.0.1"
REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend"
FRONTEND = REPO / "frontend"


class ServerFailed(RuntimeError):
    """gunicorn exited, or did not answer /api/health in time (the log's end is included)."""


class ManageFailed(RuntimeError):
    """A `manage.py` command exited with an error (its output is included)."""


def manage(
    env: Mapping[str, str], *args: str, timeout: float = 600, backend: Path = BACKEND
) -> None:
    """Run `manage.py ARGS` with our interpreter in ENV; raise ManageFailed when it fails.
    BACKEND: another checkout's backend folder (bench/versus.py)."""
    result = subprocess.run(  # noqa: S603 (our interpreter, fixed arguments)
        [sys.executable, str(backend / "manage.py"), *args],
        env=dict(env),
        cwd=backend.parent,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise ManageFailed(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")


@dataclass
class Server:
    host: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def free_port(host: str = HOST) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def _healthy(server: Server, headers: Mapping[str, str], path: str = "/api/health") -> bool:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=2)
    try:
        connection.request("GET", path, headers=dict(headers))
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def start(
    *,
    env: Mapping[str, str],
    log: Path,
    workers: int = 2,
    host: str = HOST,
    port: int | None = None,
    health_headers: Mapping[str, str] | None = None,
    timeout: float = 60.0,
    backend: Path = BACKEND,
) -> Server:
    """Start gunicorn serving config.wsgi with exactly `env`; return once it is healthy.
    BACKEND: another checkout's backend folder (bench/versus.py)."""
    port = port or free_port(host)
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--chdir",
        str(backend),
        "--bind",
        f"{host}:{port}",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    with log.open("wb") as output:
        process = subprocess.Popen(  # noqa: S603 (our interpreter, fixed arguments)
            command,
            env=dict(env),
            stdin=subprocess.DEVNULL,  # never the caller's terminal
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    server = Server(host, port, process, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerFailed(f"gunicorn on :{port} exited:\n{server.log_tail()}")
        if _healthy(server, health_headers or {}):
            return server
        time.sleep(0.2)  # polling for start-up, not a test's wait
    stop(server)
    raise ServerFailed(
        f"gunicorn on :{port} did not answer in {timeout:.0f} s:\n{server.log_tail()}"
    )


def stop(server: Server) -> None:
    if server.process.poll() is None:
        server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


def start_node(
    *,
    env: Mapping[str, str],
    log: Path,
    django: Server,
    port: int,
    timeout: float = 60.0,
    health_headers: Mapping[str, str] | None = None,
) -> Server:
    """The Node server (frontend/server.mjs, built) on `port`, forwarding to `django`;
    returns once its own health check and Django's answer through it (asked with
    `health_headers`, e.g. the Host and X-Forwarded-Proto a production Django needs)."""
    node_env = {**env, "HOST": django.host, "PORT": str(port), "DJANGO_URL": django.url}
    with log.open("ab") as output:
        process = subprocess.Popen(
            ["node", "server.mjs"],  # noqa: S607
            cwd=FRONTEND,
            env=node_env,
            # Node must never wait on (or steal) the caller's terminal.
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    server = Server(django.host, port, process, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerFailed(f"node on :{port} exited:\n{server.log_tail()}")
        headers = health_headers or {}
        if _healthy(server, headers, "/healthz") and _healthy(server, headers):
            return server
        time.sleep(0.2)  # polling for start-up, not a test's wait
    stop(server)
    raise ServerFailed(f"node on :{port} did not answer in {timeout:.0f} s:\n{server.log_tail()}")


@contextmanager
def front_door(
    *, env: Mapping[str, str], log: Path, port: int | None = None, workers: int = 2
) -> Iterator[Server]:
    """The whole site: gunicorn on a free internal port behind the Node server on `port`.
    Django trusts the one hop in front of it for the visitor's address."""
    django_env = {**env, "TRUSTED_PROXY_COUNT": "1"}
    django = start(env=django_env, log=log, workers=workers)
    try:
        node = start_node(env=env, log=log, django=django, port=port or free_port())
        try:
            yield node
        finally:
            stop(node)
    finally:
        stop(django)


@contextmanager
def running(**kwargs: object) -> Iterator[Server]:
    server = start(**kwargs)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        stop(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--host", default=HOST)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument(
        "--front-door",
        action="store_true",
        help="serve the site as make run does: Node on --port, gunicorn behind it",
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- command to run")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give a command to run after --")

    def interrupted(signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, interrupted)
    if args.front_door:
        try:
            with front_door(env=os.environ, log=args.log, port=args.port, workers=args.workers):
                return subprocess.call(command)  # noqa: S603 (the caller's own command)
        except ServerFailed as exc:
            print(exc, file=sys.stderr)
            return 1
    try:
        server = start(
            env=os.environ, log=args.log, workers=args.workers, host=args.host, port=args.port
        )
    except ServerFailed as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        return subprocess.call(command)  # noqa: S603 (the caller's own command)
    finally:
        stop(server)


if __name__ == "__main__":
    sys.exit(main())
