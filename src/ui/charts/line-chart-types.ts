/** The shapes a {@link LineChart} draws, and its props. */
import type { ReactNode } from 'react';
import type { Marker, ScaleKind } from './scales.ts';

/** One point of a line; a null or non-finite y breaks the line there. */
export interface LinePoint {
  readonly x: number;
  readonly y: number | null | undefined;
}

/** One line of a {@link LineChart}. */
export interface LineSeries {
  readonly id: string;
  /** Ascending in x. */
  readonly points: readonly LinePoint[];
  readonly color: string;
  /** Stroke width, CSS pixels (2 when absent). */
  readonly width?: number;
  /** SVG dash pattern, such as "4 3"; solid when absent. */
  readonly dash?: string;
  /** 'step': the value holds until the next x (d3's curveStepAfter). */
  readonly curve?: 'linear' | 'step';
  /** Mark every point with a small dot. */
  readonly dots?: boolean;
  /**
   * 'points': a scatter, each finite point a dot of `radius` (3 when absent)
   * and no line; the points need not be ascending in x. All of a series'
   * dots are one path, so thousands of them cost one element.
   */
  readonly mode?: 'line' | 'points';
  readonly radius?: number;
}

/** A filled band between y0 and y1 over consecutive x. */
export interface Band {
  readonly points: ReadonlyArray<{ readonly x: number; readonly y0: number; readonly y1: number }>;
  readonly color: string;
}

/** A shaded stretch of the x axis, with an optional label in its middle. */
export interface Region {
  readonly from: number;
  readonly to: number;
  readonly color: string;
  readonly label?: string;
}

/** A horizontal reference line at a y value (zero, a level). */
export interface RefY {
  readonly value: number;
  readonly color: string;
  readonly dash?: string;
}

/** A marked point: the current setting (a ringed dot), or a small labelled one. */
export interface Dot {
  readonly x: number;
  readonly y: number;
  readonly color: string;
  /** Radius, CSS pixels: 6 (ringed) when absent. */
  readonly r?: number;
  readonly label?: string | null;
  /** The side its label prefers; it moves to the other when it would not fit. */
  readonly prefer?: 'left' | 'right';
}

/** A thick vertical stroke from y0 to y1 at x (the headroom wasted at a budget). */
export interface Span {
  readonly x: number;
  readonly y0: number;
  readonly y1: number;
  readonly color: string;
  readonly width: number;
  readonly className?: string;
}

export interface LineChartProps {
  readonly height: number;
  readonly x: {
    readonly kind?: ScaleKind;
    readonly domain: readonly [number, number];
    readonly ticks?: readonly number[];
    readonly format: (x: number) => string;
    /** Only whole-number ticks. */
    readonly integer?: boolean;
    /** The axis title under the ticks. */
    readonly title?: string;
  };
  readonly y: {
    readonly format: (y: number) => string;
    /** A fixed domain; otherwise round ticks over the data (and 0 with `includeZero`). */
    readonly domain?: readonly [number, number];
    readonly includeZero?: boolean;
    /** The axis title, drawn turned up the left edge. */
    readonly title?: string;
  };
  /** Drawn in order: the last series is on top. */
  readonly series: readonly LineSeries[];
  readonly bands?: readonly Band[];
  readonly regions?: readonly Region[];
  readonly refY?: readonly RefY[];
  /** Labelled vertical lines; their labels take rows above the plot. */
  readonly markers?: readonly Marker[];
  /** Small labelled points drawn with the lines (memoised with them). */
  readonly points?: readonly Dot[];
  /** Points that move with the inputs (the current setting). */
  readonly dots?: readonly Dot[];
  readonly spans?: readonly Span[];
  /** The x values the pointer snaps to, ascending: the first series' when absent. */
  readonly hoverXs?: readonly number[];
  /** What the tooltip shows for the hovered index of `hoverXs`. */
  readonly tooltip?: (index: number) => ReactNode;
}
