"""A small line chart worked out on the server and drawn as SVG by a template (no script).

Pure Python: the template only places what ``line_chart`` computed. Coordinates are
whole numbers of the chart's own units, so no locale ever writes them with a comma.
"""

from dataclasses import dataclass
from math import ceil

WIDTH = 360
HEIGHT = 180
LEFT = 52  # room for the value labels
RIGHT = 12
TOP = 14
BOTTOM = 30  # room for the evenings' labels
MOST_LABELS = 6  # evenings labelled below the chart; a phone has room for no more
LABEL_GAP = 14  # the zero line's label needs this much room from the top and bottom ones


@dataclass(frozen=True)
class ChartPoint:
    x: int
    y: int
    value: float
    label: str
    labelled: bool
    anchor: str = "middle"  # the first and last labels stay inside the chart


@dataclass(frozen=True)
class LineChart:
    points: list[ChartPoint]
    high: float
    low: float
    zero_y: int
    zero_labelled: bool
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def polyline(self) -> str:
        return " ".join(f"{point.x},{point.y}" for point in self.points)


def line_chart(values: list[tuple[str, float]]) -> LineChart | None:
    """A chart of ``(label, value)`` pairs, left to right; None when there are none.

    The value axis always holds zero, so a negative evening shows below the line.
    """
    if not values:
        return None
    numbers = [value for _, value in values]
    low, high = min(0, *numbers), max(0, *numbers)
    span = (high - low) or 1
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    step = ceil(len(values) / MOST_LABELS)

    def y_of(value: float) -> int:
        return round(TOP + (high - value) * plot_height / span)

    points = []
    for i, (label, value) in enumerate(values):
        if len(values) == 1:
            x = LEFT + plot_width // 2
        else:
            x = round(LEFT + i * plot_width / (len(values) - 1))
        last = i == len(values) - 1
        anchor = "start" if i == 0 and not last else "end" if last and i else "middle"
        points.append(ChartPoint(x, y_of(value), value, label, i % step == 0, anchor))
    zero_y = y_of(0)
    bottom = HEIGHT - BOTTOM
    zero_labelled = zero_y - TOP >= LABEL_GAP and (low == 0 or bottom - zero_y >= LABEL_GAP)
    return LineChart(points, high, low, zero_y, zero_labelled)
