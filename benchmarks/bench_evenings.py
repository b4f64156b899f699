"""The deep run of the evening model's state machine: ``python -m benchmarks evenings
--steps N`` plays random evenings on the real app (``meld_testkit.evenings``) until N steps
are done, each batch under a seed of its own, and prints

- ``bench: evenings_steps``: the steps played (each followed by every screen's check),
- ``bench: evenings_failures``: the batches that failed, each with its seed
  (``bench: evenings_failure_seed``), which ``--seed S --steps 1`` plays again.

It runs on a test database of its own (SQLite in memory, or ``test_<name>`` on
PostgreSQL with ``DATABASE_URL``), never the club's. ``--shrink`` shrinks a failure to its
shortest steps first (slow); ``--only partnership`` plays only the evenings whose description
holds that word; ``make test`` runs the quick profile (``tests/evenings``).
"""

import os
import random
import tempfile
import time
import traceback

STEPS_PER_EXAMPLE = 100  # long enough for many evenings to reach their last round
EXAMPLES_PER_BATCH = 10


def _options(argv: list[str]) -> dict[str, str]:
    found, name = {}, None
    for word in argv:
        if word.startswith("--"):
            name = word[2:]
            found[name] = "1"
        elif name is not None:
            found[name] = word
            name = None
    return found


def _batch(seed: int, shrink: bool) -> str | None:
    """One batch of examples under ``seed``: None, or what failed."""
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis import seed as fixed_seed
    from hypothesis.stateful import get_state_machine_test

    from meld_testkit.evenings.machine import EveningMachine

    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]
    test = get_state_machine_test(
        EveningMachine,
        settings=settings(
            max_examples=EXAMPLES_PER_BATCH,
            stateful_step_count=STEPS_PER_EXAMPLE,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=phases,
            database=None,
            print_blob=True,
        ),
    )
    try:
        fixed_seed(seed)(test)()
    except Exception as error:  # a failing evening: reported with its seed, the run goes on
        return _told(error)
    return None


def _told(error: Exception) -> str:
    """The failure and the steps that led to it, as the machine noted them."""
    notes = getattr(error, "__notes__", [])
    steps = [
        line
        for note in notes
        for line in str(note).splitlines()
        if line.startswith("state.set_up")
        or (line and line[0].islower() and not line.startswith(("state.", "client=")))
    ]
    where = traceback.extract_tb(error.__traceback__)[-1]
    head = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    return "\n".join([head, f"  at {where.filename}:{where.lineno}", *steps[-40:]])


def main(argv: list[str] | None = None) -> None:
    import django
    from django.conf import settings as django_settings
    from django.test.utils import setup_databases, setup_test_environment, teardown_databases

    options = _options(argv or [])
    if "only" in options:  # before the machine is imported: it picks its evenings then
        os.environ["MELD_EVENINGS"] = options["only"]
    wanted = int(options.get("steps", "2000"))
    base = int(options.get("seed", str(random.randrange(1, 10**9))))
    shrink = "shrink" in options
    django.setup()
    django_settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    }
    django_settings.MELD_BACKUP_DIR = tempfile.mkdtemp(prefix="meld-evenings-")
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    from meld_testkit.evenings.machine import EveningMachine

    started = time.perf_counter()
    failures, batch = 0, 0
    try:
        while EveningMachine.steps_run < wanted:
            seed = base + batch
            failed = _batch(seed, shrink)
            batch += 1
            if failed is not None:
                failures += 1
                print(f"bench: evenings_failure_seed {seed} seed", flush=True)
                print(failed, flush=True)
    finally:
        teardown_databases(databases, verbosity=0)
    elapsed = time.perf_counter() - started
    print(f"# seeds {base} to {base + batch - 1}, {batch} batches, {elapsed:.0f} s", flush=True)
    print(f"bench: evenings_steps {EveningMachine.steps_run} steps", flush=True)
    print(f"bench: evenings_failures {failures} failures", flush=True)
