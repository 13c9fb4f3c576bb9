/**
 * The gate's line charts as nodes of the derivation graph: each curve, its
 * marks, its summary and the assumptions its image names. A curve reads the
 * inputs with the swept value fixed (`gateSweepInputs`,
 * `gateHorizonSweepInputs`), so a step of the size slider recomputes only
 * the current point, not the size curve, and a step of the horizon slider
 * not the horizon curve. Values rebuilt equal keep their object (the charts
 * then skip their redraw).
 */
import { cacheWhatIf } from '../../core/index.ts';
import { sameList } from '../../domain/equality.ts';
import { computed, fromStore } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import type { Dot, LineSeries } from '../../ui/charts/LineChart.tsx';
import type { Marker } from '../../ui/charts/scales.ts';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { sameDrawInputs } from '../../ui/charts/use-canvas-surface.ts';
import { formatNumber, formatTokens, formatUsd } from '../../ui/format.ts';
import { disagreementRuns } from './cache-bands.ts';
import { gateAssumptions } from './chart-bits.tsx';
import {
  cacheWhatIfBySize,
  netSavingByHorizon,
  netSavingBySize,
  SIZE_MAX,
  SIZE_MIN,
} from './series.ts';
import {
  gateBreakEven,
  gateDecision,
  gateHorizonSweepInputs,
  gateInputs,
  gatePriced,
  gateSweepInputs,
} from './use-gate.ts';

const sameStrings = (a: readonly string[], b: readonly string[]) => sameList(a, b);
const sameDrawn = { isEqual: sameDrawInputs };

/** The current point's dot: green where the gate fires, red where it keeps the output. */
const currentDot = (x: number): Dot[] => {
  const decision = gateDecision.get();
  return [{ x, y: decision.netSavingUsd, color: decision.fire ? PALETTE.saves : PALETTE.loses }];
};

// ---- Net saving against output size ----

/** Net saving on the size grid: recomputed when anything but the size changes. */
export const sizeCurve = computed(
  'gate.size.curve',
  () => netSavingBySize(gateSweepInputs.get(), pricingTable.get()),
  sameDrawn,
);

/** The size chart's one line. */
export const sizeSeries = computed('gate.size.series', (): LineSeries[] => [
  {
    id: 'net',
    color: PALETTE.result,
    points: sizeCurve.get().map((p) => ({ x: p.size, y: p.netUsd })),
  },
]);

/** The threshold and T* marks on the size axis. */
export const sizeMarkers = computed(
  'gate.size.markers',
  (): Marker[] => {
    const tStar = gateBreakEven.get().sizeTokens;
    return [
      {
        x: gateInputs.get().largeOffloadThresholdTokens,
        color: INK.muted,
        label: 'threshold',
        dash: '4 3',
      },
      ...(tStar !== null ? [{ x: tStar, color: INK.muted, label: 'T*', dash: '2 2' }] : []),
    ];
  },
  sameDrawn,
);

/** The current output on the size curve (held inside the drawn range). */
export const sizeDots = computed(
  'gate.size.dots',
  () => currentDot(Math.min(SIZE_MAX, Math.max(SIZE_MIN, gateInputs.get().outputTokens))),
  sameDrawn,
);

/** The size chart in words. */
export const sizeSummary = computed('gate.size.summary', (): string => {
  const inputs = gateInputs.get();
  if (!gatePriced.get())
    return `No price row for ${inputs.modelName}: the gate cannot prove a saving and never fires.`;
  const data = sizeCurve.get();
  const tStar = gateBreakEven.get().sizeTokens;
  return (
    `Net saving is 0 below the ${formatTokens(inputs.largeOffloadThresholdTokens)}-token threshold, then ${formatUsd(
      data.find((p) => p.size >= inputs.largeOffloadThresholdTokens)?.netUsd ?? 0,
    )} at the threshold and ${formatUsd(data[data.length - 1]?.netUsd ?? 0)} at ${formatTokens(SIZE_MAX)} tokens. ` +
    (tStar === null
      ? 'It never pays at this horizon.'
      : `Break-even size T* is ${formatTokens(Math.floor(tStar))} tokens.`) +
    ` The current output (${formatTokens(inputs.outputTokens)} tokens) saves ${formatUsd(gateDecision.get().netSavingUsd)}.`
  );
});

/** What the size chart's image names: every input but the size. */
export const sizeAssumptions = computed(
  'gate.size.assumptions',
  () => gateAssumptions(gateInputs.get(), 'size'),
  { isEqual: sameStrings },
);

// ---- Net saving against horizon ----

/** The current horizon in whole turns. */
const wholeHorizon = computed('gate.horizon.turns', () =>
  Math.max(0, Math.trunc(gateInputs.get().horizon)),
);

/** The horizon axis: 0 to max(30, 2 × the current horizon) turns, at most 200. */
export const horizonAxisMax = computed('gate.horizon.axisMax', () =>
  Math.max(30, Math.min(200, wholeHorizon.get() * 2)),
);

/** Net saving at each whole horizon: recomputed when anything but the horizon (or the axis) changes. */
export const horizonCurve = computed(
  'gate.horizon.curve',
  () => netSavingByHorizon(gateHorizonSweepInputs.get(), pricingTable.get(), horizonAxisMax.get()),
  sameDrawn,
);

/** The horizon chart's one line, in steps. */
export const horizonSeries = computed('gate.horizon.series', (): LineSeries[] => [
  {
    id: 'net',
    color: PALETTE.result,
    curve: 'step',
    points: horizonCurve.get().map((p) => ({ x: p.horizon, y: p.netUsd })),
  },
]);

/** Whether the output is below the threshold, so no horizon prices it. */
const belowThreshold = computed('gate.belowThreshold', () => {
  const inputs = gateInputs.get();
  return inputs.outputTokens < inputs.largeOffloadThresholdTokens;
});

/** The H* mark, when it is in range and the output is priced. */
export const horizonMarkers = computed(
  'gate.horizon.markers',
  (): Marker[] => {
    const hStar = gateBreakEven.get().horizonTurns;
    return hStar !== null && hStar <= horizonAxisMax.get() && !belowThreshold.get()
      ? [{ x: hStar, color: INK.muted, label: 'H*', dash: '2 2' }]
      : [];
  },
  sameDrawn,
);

/** The current horizon on the curve. */
export const horizonDots = computed(
  'gate.horizon.dots',
  () => currentDot(Math.min(wholeHorizon.get(), horizonAxisMax.get())),
  sameDrawn,
);

/** The horizon chart in words. */
export const horizonSummary = computed('gate.horizon.summary', (): string => {
  if (belowThreshold.get())
    return `This output is below the large offload threshold, so the gate keeps it inline at every horizon (net saving 0).`;
  if (!gatePriced.get()) return `No price row for ${gateInputs.get().modelName}.`;
  const data = horizonCurve.get();
  const hStar = gateBreakEven.get().horizonTurns;
  return (
    `Net saving grows by ${formatUsd((data[1]?.netUsd ?? 0) - (data[0]?.netUsd ?? 0))} per turn of horizon, from ${formatUsd(data[0]?.netUsd ?? 0)} at 0 turns` +
    (hStar === null
      ? '; it never turns positive.'
      : `; break-even horizon H* = ${formatNumber(hStar, 2)} turns.`)
  );
});

/** What the horizon chart's image names: every input but the horizon. */
export const horizonAssumptions = computed(
  'gate.horizon.assumptions',
  () => gateAssumptions(gateInputs.get(), 'horizon'),
  { isEqual: sameStrings },
);

// ---- The cache-aware what-if ----

/** Conversation after the output that must be cached again, tokens. */
export const whatIfTailTokens = fromStore('gate.tailTokens', (s) => s.gate.tailTokens);

/** Both pricing bases on the size grid: recomputed when anything but the size changes. */
export const whatIfCurve = computed(
  'gate.whatIf.curve',
  () => cacheWhatIfBySize(gateSweepInputs.get(), whatIfTailTokens.get(), pricingTable.get()),
  sameDrawn,
);

/** The uncached and the cached basis as two lines. */
export const whatIfSeries = computed('gate.whatIf.series', (): LineSeries[] => {
  const data = whatIfCurve.get();
  return [
    {
      id: 'uncached',
      color: PALETTE.result,
      points: data.map((p) => ({ x: p.size, y: p.uncachedUsd })),
    },
    {
      id: 'cached',
      color: PALETTE.alternative,
      dash: '5 3',
      points: data.map((p) => ({ x: p.size, y: p.cachedUsd })),
    },
  ];
});

/** Each run of sizes where the two pricing bases reach opposite verdicts, shaded. */
export const whatIfBands = computed('gate.whatIf.bands', () =>
  disagreementRuns(whatIfCurve.get()).map((run) => ({
    points: run.points,
    color: PALETTE.disagree,
  })),
);

/** The "now" mark at the current output. */
export const whatIfMarkers = computed(
  'gate.whatIf.markers',
  (): Marker[] => [
    {
      x: Math.min(SIZE_MAX, Math.max(SIZE_MIN, gateInputs.get().outputTokens)),
      color: INK.text,
      label: 'now',
    },
  ],
  sameDrawn,
);

/** Both bases at the current output (null without a price row). */
export const whatIfHere = computed(
  'gate.whatIf.here',
  () => cacheWhatIf(gateInputs.get(), whatIfTailTokens.get(), pricingTable.get()),
  { isEqual: (a, b) => a === b || (a !== null && b !== null && sameDrawInputs(a, b)) },
);

/** The what-if in words. */
export const whatIfSummary = computed('gate.whatIf.summary', (): string => {
  const inputs = gateInputs.get();
  const here = whatIfHere.get();
  if (here === null) return `No price row for ${inputs.modelName}.`;
  const firstAgree = whatIfCurve.get().find((p) => p.cachedUsd > 0);
  return (
    `At ${formatTokens(inputs.outputTokens)} tokens the seed's uncached basis nets ${formatUsd(here.uncachedNetUsd)}, the cached basis ${formatUsd(here.cachedNetUsd)}` +
    (here.disagrees
      ? ': the two bases reach opposite verdicts here.'
      : ': both bases agree here.') +
    (firstAgree
      ? ` Priced as cached input, offloading pays only above about ${formatTokens(firstAgree.size)} tokens.`
      : ' Priced as cached input, offloading never pays in this range.')
  );
});

/** What the what-if's image names: the size chart's inputs and the tail. */
export const whatIfAssumptions = computed(
  'gate.whatIf.assumptions',
  () => [
    ...gateAssumptions(gateInputs.get(), 'size'),
    `${formatTokens(whatIfTailTokens.get())} tokens after the output`,
  ],
  { isEqual: sameStrings },
);
