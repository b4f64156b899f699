"""Real Meld servers for the tests and benchmarks: databases, environments, gunicorn.

Everything talks to 127.0.0.1 only. ``kit`` runs the Django side
(``meld_testkit/evening.py``) in a subprocess whose environment names the
database, so one process can drive several back ends.
"""

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent


def sqlite_env(path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    # One key for the server's workers (gunicorn refuses a key made up per process).
    env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    env.update(
        SQLITE_PATH=str(path),
        # The automatic backups of a test's database stay beside it, out of the checkout,
        # and so does its cache: the change feed's ids are those of this database.
        MELD_BACKUP_DIR=str(path.parent / "backups"),
        MELD_CACHE_DIR=str(path.parent / "cache"),
        DEBUG="0",
        HTTPS="0",
        LOG_LEVEL="ERROR",
        DJANGO_SETTINGS_MODULE="meld.settings",
    )
    env.pop("ALLOWED_HOSTS", None)
    return env


def postgres_env(url: str) -> dict[str, str]:
    env = sqlite_env(Path("/nonexistent"))
    env["DATABASE_URL"] = url
    env["MELD_CACHE_DIR"] = tempfile.mkdtemp(prefix="meld-cache-")  # this database's own
    return env


def postgres_answers(host: str = "127.0.0.1", port: int = 5432) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@contextmanager
def postgres_database(
    name: str, admin_url: str = "postgresql://postgres@127.0.0.1:5432/postgres"
) -> Iterator[str]:
    """A fresh database ``name`` for the duration, dropped afterwards."""
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict[str, str], *args: str, timeout: float = 120) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def kit(env: dict[str, str], *args: str, timeout: float = 150) -> dict[str, Any]:
    """Run ``python -m meld_testkit.evening <args>`` against ``env``'s database; its JSON answer."""
    done = subprocess.run(
        [sys.executable, "-m", "meld_testkit.evening", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"evening {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    found = []
    for process in Path("/proc").iterdir():
        if process.name.isdigit():
            try:
                stat = (process / "stat").read_text()
            except OSError:
                continue
            # pid (comm) state ppid ...: comm may hold spaces, so split after its ")".
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(process.name))
    return found


def wait_healthy(url: str, process: subprocess.Popen[str] | None, timeout: float) -> None:
    """Until ``url``'s /healthz answers 200; the server's error output if it exits first."""
    if process is None:
        raise RuntimeError("the server was not started")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read() if process.stderr else ""
            raise RuntimeError(f"the server exited ({process.returncode}): {said}")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer in time")


@dataclass
class Server:
    env: dict[str, str]
    workers: int = 2
    app: str = "meld.wsgi:application"
    port: int = field(default_factory=free_port)
    config: str | None = None  # a module of gunicorn hooks (``-c python:<config>``)
    process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Server":
        self.process = subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                self.app,
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--worker-class",
                "sync",
                # As `make run`: the app (templates compiled) is loaded once, then forked.
                "--preload",
                "--timeout",
                "60",
                "--log-level",
                "warning",
                # The workers' heartbeat file is touched on every request: memory, not disk.
                *(["--worker-tmp-dir", "/dev/shm"] if Path("/dev/shm").is_dir() else []),
                *(["-c", f"python:{self.config}"] if self.config else []),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float = 30) -> None:
        process = self.process
        if process is None:
            raise RuntimeError("the server was not started")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited: {process.stderr.read() if process.stderr else ''}"
                )
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise TimeoutError("gunicorn did not answer in time")

    def worker_pids(self) -> list[int]:
        return children(self.process.pid) if self.process else []

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the server's workers have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        used = 0
        for pid in self.worker_pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used += int(fields[11]) + int(fields[12])  # utime, stime
        return used / ticks

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# Meld's own variables (docs/configuration.md): a ``meld serve`` of a test starts without them.
MELD_VARIABLES = [
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "SQLITE_PATH",
    "MELD_BASE_URL",
    "HTTPS",
    "REDIS_URL",
    "MELD_CACHE_DIR",
    "MELD_DATA_DIR",
    "MELD_BACKUP_DIR",
    "MELD_BACKUP_KEEP",
    "MELD_BACKUP_MINUTES",
    "PORT",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "PYTHONPATH",
]


def meld_env(data: Path, **more: str) -> dict[str, str]:
    """The environment of a club laptop whose folder is ``data``, plus ``more``."""
    env = {key: value for key, value in os.environ.items() if key not in MELD_VARIABLES}
    env.update(MELD_DATA_DIR=str(data), LOG_LEVEL="ERROR", **more)
    return env


@dataclass
class MeldServe:
    """``meld serve`` as the director starts it: one process (waitress), its own folder.

    ``command`` calls the ``meld`` command: ``[sys.executable, "-m", "meld"]`` from the
    checkout, or the script an installed wheel put in its environment. What it prints
    goes to ``log``.
    """

    command: list[str]
    env: dict[str, str]
    log: Path
    cwd: Path = ROOT
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, *args: str, timeout: float = 180) -> str:
        """Another ``meld`` command (``demo``, ``restore FILE``) in the same folder; its output."""
        done = subprocess.run(
            [*self.command, *args],
            cwd=self.cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode:
            raise RuntimeError(f"meld {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def start(self, timeout: float = 90) -> "MeldServe":
        with open(self.log, "a", encoding="utf-8") as out:
            self.process = subprocess.Popen(
                [*self.command, "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=self.cwd,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
            )
        try:
            wait_healthy(self.url, self.process, timeout)
        except (RuntimeError, TimeoutError) as error:
            raise RuntimeError(f"{error}\n{self.log.read_text(encoding='utf-8')}") from error
        return self

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def die(self) -> None:
        """The laptop dies: the process is killed at once, nothing is shut down."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
