import { memo } from 'react';

/** How a legend entry's key is drawn: as the chart draws that thing. */
export type SwatchKind =
  'square' | 'line' | 'dash' | 'hatch' | 'outline' | 'triangle' | 'ring' | 'dot';

export interface LegendItem {
  readonly label: string;
  /** Any CSS colour, CSS variables included. */
  readonly color: string;
  /** 'square' when absent; `dash: true` is the same as kind 'dash'. */
  readonly kind?: SwatchKind;
  readonly dash?: boolean;
}

/**
 * A chart's legend in HTML, under the drawing: one list, optionally headed
 * (“Cost:”). Each swatch stays with its label: entries wrap as units, and
 * a label longer than the whole line wraps beside its swatch, never under it.
 * ChartFrame reads it back (`.chart-legend [data-legend]`) so a downloaded
 * PNG or SVG keeps it.
 */
export const Legend = memo(function Legend({
  items,
  title,
}: {
  items: readonly LegendItem[];
  title?: string;
}) {
  return (
    <ul className="chart-legend" aria-label={title}>
      {title !== undefined && (
        <li className="legend-title" aria-hidden="true">
          {title}
        </li>
      )}
      {items.map((item) => {
        const kind = item.kind ?? (item.dash ? 'dash' : 'square');
        const stroked = kind === 'dash' || kind === 'line' || kind === 'ring' || kind === 'outline';
        return (
          <li key={item.label} data-legend="">
            <i
              className={`legend-swatch ${kind}`}
              style={stroked ? { borderColor: item.color } : { backgroundColor: item.color }}
            />
            <span className="legend-label">{item.label}</span>
          </li>
        );
      })}
    </ul>
  );
});
