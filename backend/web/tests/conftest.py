from __future__ import annotations

from pathlib import Path

import pytest

INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<!--app-head-->
<script type="module" src="/static/assets/index-AbCdEf12.js"></script>
</head><body><div id="root"></div></body></html>
"""


@pytest.fixture(autouse=True)
def built_frontend(tmp_path: Path, settings) -> Path:
    """A stand-in for `vite build` output so these tests do not need a frontend build."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(INDEX)
    settings.FRONTEND_DIST = dist
    settings.SITE_URL = "https://site.example"
    return dist
