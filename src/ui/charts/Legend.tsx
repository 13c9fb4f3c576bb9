import { memo } from 'react';

export interface LegendItem {
  readonly label: string;
  /** Any CSS colour, CSS variables included. */
  readonly color: string;
  /** Drawn as a dashed line instead of a filled square. */
  readonly dash?: boolean;
}

/**
 * A chart's legend in HTML, under the drawing. ChartFrame reads it back
 * (`.chart-legend [data-legend]`) so a downloaded PNG or SVG keeps it.
 */
export const Legend = memo(function Legend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.label} data-legend="">
          <i
            className={item.dash ? 'legend-swatch dash' : 'legend-swatch'}
            style={item.dash ? { borderColor: item.color } : { background: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
});
