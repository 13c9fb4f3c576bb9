/** What a {@link BarChart} draws, and its props. */
import type { ReactNode } from 'react';

/** One stacked series: a colour and a name shared by every category. */
export interface BarSeries {
  readonly id: string;
  readonly label: string;
  /** Any CSS colour, CSS variables included. */
  readonly color: string;
}

/** One bar (a stack): its label and one value per series, in series order. */
export interface BarCategory {
  readonly label: string;
  readonly values: readonly number[];
}

/**
 * A custom segment, placed by the caller: a row of a prompt at its own
 * offset, a bar in a colour of its own. Status may be shown by a class (for
 * hatching and dashed edges) and by its label, not by colour alone.
 */
export interface BarSegment {
  readonly key: string;
  /** Index of the category (bar) it belongs to. */
  readonly category: number;
  readonly start: number;
  readonly end: number;
  /** A fill; when absent the class's CSS gives it one. */
  readonly color?: string;
  readonly className?: string;
  /** Drawn inside the segment when it fits. */
  readonly label?: string;
  readonly hatched?: boolean;
}

/** A line across the plot at a value, with an optional label above the plot. */
export interface BarReference {
  readonly value: number;
  readonly color: string;
  readonly dash?: string;
  readonly label?: string;
  readonly width?: number;
}

export interface BarChartProps {
  /** Columns grow up from a horizontal category axis; rows grow right from a vertical one. */
  readonly orientation: 'columns' | 'rows';
  readonly categories: readonly BarCategory[];
  /** Stacked series: one `<path data-series>` each. */
  readonly series?: readonly BarSeries[];
  /** Custom segments instead of (or over) the stacked series. */
  readonly segments?: readonly BarSegment[];
  /** Value-axis tick labels. */
  readonly tickFormat: (value: number) => string;
  /** Values in the default tooltip. */
  readonly valueFormat?: (value: number) => string;
  readonly references?: readonly BarReference[];
  /** A fixed value domain (ticks inside it); otherwise round ticks over the data. */
  readonly valueDomain?: readonly [number, number];
  /** Drawing height for columns, CSS pixels. */
  readonly height?: number;
  /** Height of each row's band for rows, CSS pixels. */
  readonly rowHeight?: number;
  /** Tooltip for the category under the pointer (default: its non-zero values). */
  readonly tooltip?: (category: number) => ReactNode;
  /** Tooltip for the segment under the pointer; segments are then hovered one by one. */
  readonly segmentTooltip?: (key: string) => ReactNode;
  readonly className?: string;
}
