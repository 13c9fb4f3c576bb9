/**
 * The traffic tab's figures as it shows them: the worker's analysis with
 * the as-billed section's breakdowns and charts and the calibration
 * scatter worked out from it, once per answer (the analysis query's
 * `select`). The sections only read it.
 */
import type { TrafficAnalysis } from '../../engine/traces/traffic-types.ts';
import { billedViewOf, type BilledView } from './billed-view.ts';
import { scatterViewOf, type ScatterView } from './scatter-view.ts';

export interface TrafficTabView {
  readonly analysis: TrafficAnalysis;
  readonly billed: BilledView;
  /** Undefined: no priced call to calibrate. */
  readonly scatter: ScatterView | undefined;
}

/** What the traffic tab shows of `analysis`. */
export function trafficTabViewOf(analysis: TrafficAnalysis): TrafficTabView {
  return {
    analysis,
    billed: billedViewOf(analysis),
    scatter: analysis.calibration === undefined ? undefined : scatterViewOf(analysis.calibration),
  };
}
