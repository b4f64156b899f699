"""Meld installed as a club laptop installs it (README, "Install on a club laptop").

The wheel is built from a copy of the checkout (with the catalogue compiled and the
static files collected, as ``make test`` leaves them) and installed into a fresh
virtual environment outside the checkout. Tests never reach beyond localhost, so
the install is offline: the wheel goes in with ``--no-deps --no-index``, and the
environment finds Meld's dependencies through a ``.pth`` file naming the
site-packages of the environment running the tests (a path file appends that
folder to ``sys.path`` after the environment's own, and does not run the
``.pth`` files in it, so an editable Meld there stays out of sight). Then
``meld demo`` and ``meld serve`` run from a folder outside the checkout with a
fresh data folder, and a phone opens the home page and a table.
"""

import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import httpx
import pytest

from meld_testkit import serving

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "test-artifacts",
    ".cache",
    ".hypothesis",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".import_linter_cache",
    "backups",
    "db.sqlite3*",
    ".secret_key",
    "__pycache__",
)


def run(*command: str | Path, cwd: Path, timeout: float = 300) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The ``meld`` script of a fresh environment with the wheel installed in it."""
    if not list((ROOT / "staticfiles").glob("css/*.css")):
        pytest.fail("No collected static files: run `make test` (it collects them first).")
    if not (ROOT / "docs" / "site" / "index.html").is_file():
        pytest.fail("No handbook built: run `make test` (it runs `make docs` first).")
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    run(
        sys.executable,
        "-m",
        "build",
        "--wheel",
        "--no-isolation",
        "--outdir",
        work,
        ".",
        cwd=source,
    )
    (wheel,) = work.glob("meld-*.whl")
    environment = work / "laptop"
    venv.create(environment, with_pip=False)
    python = environment / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    own = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=work)
    (Path(own.strip()) / "meld-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        wheel,
        cwd=work,
    )
    return python.with_name("meld.exe" if sys.platform == "win32" else "meld")


@pytest.mark.install
def test_the_installed_meld_serves_the_demo_to_a_phone_from_outside_the_checkout(
    installed, tmp_path
):
    folder = tmp_path / "club laptop"
    laptop = serving.MeldServe(
        [str(installed)],
        serving.meld_env(folder),
        log=tmp_path / "serve.log",
        cwd=tmp_path,
    )
    said = laptop.run("shell", "-v", "0", "-c", "import meld; print(meld.__file__)")
    where = Path(said.strip().splitlines()[-1])
    assert where.is_relative_to(installed.parent.parent)
    assert not where.is_relative_to(ROOT)
    said = laptop.run("demo")
    assert "Demo loaded" in said and "meld changepassword director" in said
    laptop.start()
    try:
        home = httpx.get(laptop.url + "/", timeout=10)
        assert home.status_code == 200
        assert 'lang="de"' in home.text
        style = httpx.get(laptop.url + "/static/css/meld.css", timeout=10)
        assert style.status_code == 200 and "{" in style.text
        with sqlite3.connect(folder / "db.sqlite3") as db:
            token, code = db.execute(
                "SELECT t.token, t.code FROM tournaments_table t "
                "JOIN tournaments_game g ON g.table_id = t.id "
                "JOIN tournaments_round r ON r.id = g.round_id "
                "WHERE r.status = 'open' ORDER BY t.number LIMIT 1"
            ).fetchone()
        handbook = httpx.get(laptop.url + "/help/de/", timeout=10)
        assert handbook.status_code == 200 and "Handbuch" in handbook.text
        table = httpx.get(f"{laptop.url}/t/{token}/", timeout=10)
        assert table.status_code == 200
        assert "Tisch" in table.text
        by_code = httpx.get(f"{laptop.url}/t/code/", params={"code": code}, timeout=10)
        assert by_code.headers["location"] == f"/t/{token}/"
    finally:
        laptop.stop()
    printed = (tmp_path / "serve.log").read_text(encoding="utf-8")
    assert "Phones on the Wi-Fi:   http://" in printed and f":{laptop.port}/" in printed
    assert "QR codes point to:" in printed
    assert f"The club's folder:     {folder}" in printed
    assert (folder / ".secret_key").is_file()
