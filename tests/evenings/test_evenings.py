"""Random club evenings, every screen held to the evening model after each step
(``meld_testkit.evenings``): the quick profile of ``make test``, a few hundred steps on the
suite's database (SQLite, or PostgreSQL in CI's second run). ``python -m benchmarks evenings
--steps N`` runs the deep one; what either found stands in ``test_found.py``."""

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from meld_testkit.evenings.machine import EveningMachine

pytestmark = pytest.mark.django_db

# Generated, not shrunk: a failure prints the steps the machine noted, and the deep run's
# seed (or Hypothesis's printed blob) plays it again with shrinking.
QUICK = settings(
    max_examples=12,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    print_blob=True,
)


def test_random_evenings_agree_with_the_model():
    run_state_machine_as_test(EveningMachine, settings=QUICK)
