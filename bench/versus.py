"""Is a slower figure the code's or the machine's? (a script, not a test)

    uv run --frozen --group bench python bench/versus.py REV [--path PATH] [--rounds 3]

Figures in bench/results.md come from different days, and the machines they ran on differ
(the CPU, its neighbours). This serves the same requests from this checkout and from an
earlier commit REV, on this machine, side by side: REV is checked out in a temporary git
worktree, and each tree gets a fresh PostgreSQL database of its own (migrated, and loaded
with --rows generated certificates through that tree's `import_certificates`), Redis as
the cache and one gunicorn sync worker. wrk then sends PATH to each in turn, round after
round, as `make bench` sends it (bench/api.py's wrk; --path /random-certificate, the
default, is a lookup of a random imported ID), and each round prints requests/s and the
worker's CPU time per request, with the load average. The earlier tree runs with this
checkout's virtualenv, so REV must work with today's locked packages.

Environment: BENCH_DATABASE_URL and BENCH_REDIS_URL, as for bench/load.py. Needs wrk
(`make wrk`).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import redis

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
import api  # noqa: E402  (make bench's wrk, its certificates and its random lookup)
import throwaway_server  # noqa: E402
from load import ADMIN_DATABASE_URL, REDIS_URL, bench_env, cleanup, pg_reachable  # noqa: E402

RANDOM_LOOKUP = "/random-certificate"  # bench/api.py's WRK_SCRIPT: a random imported ID


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit (anything git rev-parse takes)")
    parser.add_argument(
        "--path",
        default=RANDOM_LOOKUP,
        help=f"what to request (default {RANDOM_LOOKUP}: a lookup of a random imported ID)",
    )
    parser.add_argument("--rows", type=int, default=20_000, help="certificates (20,000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree (3)")
    parser.add_argument("--seconds", type=int, default=8, help="seconds a round (8)")
    args = parser.parse_args()
    if min(args.rows, args.rounds, args.seconds) <= 0:
        parser.error("--rows, --rounds and --seconds must be positive")
    if not args.path.startswith("/"):
        parser.error("--path must start with /")
    return args


def git(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (git, fixed arguments and a checked commit)
        ["git", "-C", str(REPO), *args],  # noqa: S607
        capture_output=True,
        text=True,
        check=check,
    )


@contextmanager
def worktree(rev: str, tmp: Path) -> Iterator[Path]:
    commit = git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}", check=False)
    if commit.returncode != 0:
        raise SystemExit(f"Not a commit: {rev}")
    path = tmp / "earlier"
    git("worktree", "add", "--detach", "--quiet", str(path), commit.stdout.strip())
    try:
        yield path
    finally:
        git("worktree", "remove", "--force", str(path), check=False)


def main() -> int:
    args = arguments()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: run `make wrk`.")
    if not pg_reachable():
        raise SystemExit(f"PostgreSQL is not reachable at {ADMIN_DATABASE_URL}")
    tmp = Path(tempfile.mkdtemp(prefix="bench-versus-"))
    suffix = secrets.token_hex(4)
    cache = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    names: list[str] = []
    servers: dict[str, throwaway_server.Server] = {}
    try:
        with worktree(args.rev, tmp) as earlier:
            trees = {"this checkout": REPO / "backend", args.rev: earlier / "backend"}
            csv = tmp / "certificates.csv"
            csv.write_bytes(api.generate_csv(args.rows))
            for index, (label, backend) in enumerate(trees.items()):
                name = f"versus_{suffix}_{index}"
                with psycopg.connect(ADMIN_DATABASE_URL, autocommit=True) as admin:
                    admin.execute(f'CREATE DATABASE "{name}"')
                names.append(name)
                url = urllib.parse.urlparse(ADMIN_DATABASE_URL)._replace(path=f"/{name}")
                env = bench_env(tmp / str(index), url.geturl(), f"versus-{suffix}-{index}")
                print(f"{label}: migrating and importing {args.rows:,} certificates...")
                throwaway_server.manage(env, "migrate", "--noinput", "-v0", backend=backend)
                throwaway_server.manage(env, "import_certificates", str(csv), backend=backend)
                servers[label] = throwaway_server.start(
                    env=env, workers=1, log=tmp / f"gunicorn-{index}.log", backend=backend
                )
            script = tmp / "request.lua"
            script.write_text(api.WRK_SCRIPT % (args.rows - 1))
            for server in servers.values():  # warm: imports, connections, caches
                api.wrk(server.port, args.path, 2, script)
            print(f"\nGET {args.path}, one gunicorn worker each, wrk -c{api.CONNECTIONS}:")
            for round_ in range(1, args.rounds + 1):
                for label, server in servers.items():
                    run = api.wrk(server.port, args.path, args.seconds, script, server.process.pid)
                    cpu = (
                        "its CPU unknown"
                        if run.cpu_us is None
                        else f"worker CPU {run.cpu_us:,.0f} µs per request"
                    )
                    load = os.getloadavg()
                    print(
                        f"  round {round_}, {label:>14}: {run.rate:7,.0f} req/s, {cpu}, "
                        f"load average {load[0]:.1f}"
                    )
    except (throwaway_server.ServerFailed, throwaway_server.ManageFailed) as exc:
        raise SystemExit(str(exc)) from exc
    finally:
        for server in servers.values():
            throwaway_server.stop(server)
        for index, name in enumerate(names):
            cleanup(name, f"versus-{suffix}-{index}", cache, tmp / str(index))
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
