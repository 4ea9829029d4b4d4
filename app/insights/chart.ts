/**
 * The geometry of the Insights dashboard's bar chart (docs/requirements/insights.md#insights-dashboard),
 * drawn as SVG on the server: no chart library, no script. Pure, so it is unit-tested.
 */

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The plot's box inside the SVG (left margin for the axis labels). */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: ChartBar[];
  /** Horizontal grid lines: value and y. */
  ticks: { value: number; y: number }[];
  /** The axis' top: a "nice" round number at least the largest value (1 for an empty chart). */
  max: number;
}

/** The smallest of 1, 2, 2.5, 5 × 10^n at least `value` (1 at least). */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Bars for `values` in a `width` × `height` box: equal slots, a gap of a fifth of a slot between
 * bars (none when they are thinner than 2 units), heights in proportion to the nice maximum, and
 * grid lines at whole numbers (4 or 5 steps; a chart of 0 and 1 has lines at 0 and 1 only).
 */
export function barChart(values: readonly number[], width = 720, height = 200): ChartGeometry {
  const plot = { left: 40, top: 8, right: width - 4, bottom: height - 20 };
  const max = niceCeiling(Math.max(0, ...values));
  const slot = values.length > 0 ? (plot.right - plot.left) / values.length : 0;
  const gap = slot >= 2 ? slot / 5 : 0;
  const plotHeight = plot.bottom - plot.top;
  const round = (n: number) => Math.round(n * 100) / 100;
  const bars = values.map((value, i) => {
    const barHeight = (Math.max(0, value) / max) * plotHeight;
    return {
      x: round(plot.left + i * slot + gap / 2),
      y: round(plot.bottom - barHeight),
      width: round(Math.max(slot - gap, 0.5)),
      height: round(barHeight),
      value,
    };
  });
  const steps = max < 4 ? max : ([4, 5, 2].find((n) => max % n === 0) ?? 4);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => {
    const value = (max / steps) * i;
    return { value: Number.isInteger(value) ? value : round(value), y: round(plot.bottom - (value / max) * plotHeight) };
  });
  return { width, height, plot, bars, ticks, max };
}

/** Which bars get a label under the axis: at most `most`, evenly spaced, always the first. */
export function labelEvery(count: number, most = 8): number {
  return Math.max(1, Math.ceil(count / most));
}
