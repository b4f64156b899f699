"""Production settings pass Django's deployment check; no secret is in the repository."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Spelled in pieces so this file does not match its own patterns.
LITERAL_SECRET = re.compile(r"SECRET" + r"_KEY\s*=\s*[rbuf]?['\"]")
PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]*PRIVATE" + r" KEY-----")
PASSWORD_IN_URL = re.compile(r"(postgres(ql)?|redis|mysql)://[^:/\s@]+:[^@\s/]+" + r"@")


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "meld.example.org",
        "SQLITE_PATH": str(tmp_path / "deploy.sqlite3"),
    }
    for inherited in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "HTTPS", "SECURE_SSL_REDIRECT"):
        env.pop(inherited, None)  # the test run's own settings, not a deployment's
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNINGS" not in output and "ERRORS" not in output, output
    assert "no issues" in output


def repository_files() -> list[Path]:
    """Tracked files and the new ones a commit would pick up (git-ignored ones are not)."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def test_no_secret_key_private_key_or_password_is_committed():
    found = []
    for path in repository_files():
        if path.suffix in {".png", ".pdf", ".ico", ".woff", ".woff2", ".mo", ".xlsx", ".sqlite3"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for pattern in (LITERAL_SECRET, PRIVATE_KEY, PASSWORD_IN_URL):
            if match := pattern.search(text):
                found.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not found, found


def test_the_local_secret_key_file_is_ignored_by_git():
    ignored = subprocess.run(["git", "check-ignore", "-q", ".secret_key"], cwd=ROOT)
    assert ignored.returncode == 0
