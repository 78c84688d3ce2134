"""Wait until every URL given answers 200 (make run: the Node server and Django through it).

Usage: python3 scripts/wait_healthy.py URL... [--timeout SECONDS]; exit status 1 on timeout.
"""

from __future__ import annotations

import sys
import time
import urllib.error
import urllib.request


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 (our own URLs)
            return response.status == 200
    except (OSError, urllib.error.URLError):
        return False


def main(argv: list[str]) -> int:
    timeout = 120.0
    if "--timeout" in argv:
        index = argv.index("--timeout")
        timeout = float(argv[index + 1])
        argv = argv[:index] + argv[index + 2 :]
    deadline = time.monotonic() + timeout
    waiting = list(argv)
    while waiting and time.monotonic() < deadline:
        waiting = [url for url in waiting if not answers(url)]
        if waiting:
            time.sleep(0.3)  # polling for start-up
    if waiting:
        print(f"Not answering after {timeout:.0f} s: {', '.join(waiting)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
