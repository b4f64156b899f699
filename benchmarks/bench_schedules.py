"""Progressive schedules: time to load and check each size, and the generator's search times."""

import time

from pairings import schedules
from pairings.schedules import (
    available_sizes,
    check_schedule,
    generated_info,
    generated_sizes,
    progressive_schedule,
)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def main() -> None:
    started = time.perf_counter()
    schedules._generated.cache_clear()
    schedules._generated()
    print(f"bench: schedules_data_file_load {_ms(started):.1f} ms")

    # The balanced 12 is the generated one beside the published plan.
    variants = [(str(n), n, False) for n in available_sizes()] + [("12_whist", 12, True)]
    for name, n, balanced in variants:
        started = time.perf_counter()
        schedule = progressive_schedule(n, balanced=balanced)
        load = _ms(started)
        started = time.perf_counter()
        report = check_schedule(schedule)
        check = _ms(started)
        print(f"bench: schedule_{name}_load {load:.2f} ms")
        print(f"bench: schedule_{name}_check {check:.2f} ms")
        print(f"bench: schedule_{name}_balanced {int(report.balanced)} bool")
        print(f"bench: schedule_{name}_adjacent_meetings {report.adjacent_meetings} count")
        if not report.balanced:
            # How close to the best possible: the bound is ScheduleReport's.
            print(f"bench: schedule_{name}_opponent_deviation {report.opponent_deviation} count")
            print(
                f"bench: schedule_{name}_opponent_deviation_bound "
                f"{report.least_opponent_deviation} count"
            )

    # The search ran once at build time; these are the times it recorded.
    for n in generated_sizes():
        print(f"bench: schedule_{n}_generation {generated_info(n)['seconds']} s")
