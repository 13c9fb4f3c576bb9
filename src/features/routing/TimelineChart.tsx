import { memo, useMemo, useRef, useState } from 'react';
import type { HopRecord, SimTurn } from '../../core/index.ts';
import { countBy, hopList, type HopColumns, type HopList } from '../../domain/hop-list.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { modelColor } from '../../ui/charts/palette.ts';
import { Tooltip } from '../../ui/charts/Tooltip.tsx';
import { useCanvasSurface } from '../../ui/charts/use-canvas-surface.ts';
import { usePointerReadout, type PointerSpot } from '../../ui/charts/use-pointer-readout.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { forcedToolOf, HopDetails } from './HopDetails.tsx';
import { HopTable } from './HopTable.tsx';
import {
  drawTimeline,
  hopAt,
  slotWidth,
  TIMELINE_COLORS as C,
  TIMELINE_HEIGHT,
  TIMELINE_LAYOUT,
  timelineScene,
  type TimelineScene,
} from './timeline-canvas.ts';

const CANVAS_STYLE = { width: '100%', height: TIMELINE_HEIGHT };

const COST_LEGEND: readonly LegendItem[] = [
  { label: 'cache reads', color: C.read },
  { label: 'cache writes', color: C.write },
  { label: 'plain input', color: C.input },
  { label: 'output and thinking', color: C.output },
  { label: 'classifier', color: C.classifier },
  { label: 'forced tool dropped', color: C.drop, kind: 'triangle' },
  { label: 'long-context rate (cap above the bar)', color: C.longContext },
];
const THINKING_LEGEND: readonly LegendItem[] = [{ label: 'on', color: C.thinkingOn }];
const RULE_LEGEND: readonly LegendItem[] = [
  { label: 'policy', color: C.policy },
  { label: 'resolver', color: C.resolver },
  { label: 'default', color: C.default },
];
const CACHE_LEGEND: readonly LegendItem[] = [
  { label: 'warm', color: C.warm },
  { label: 'partly invalidated', color: C.partial },
  { label: 'cold', color: C.cold },
  { label: 'not cacheable (below the minimum)', color: C.notCacheable },
];

/** One sentence about the timeline: where the hops went and what went cold. */
export function timelineSummary(list: HopColumns): string {
  const n = list.length;
  if (n === 0) return 'The conversation has no hops.';
  const [model, cache, forceDropped, uncachedTokens, longContextOf, totalUsd, turnOf, hopOf] = [
    list.text('model'),
    list.text('cache'),
    list.flag('forceDropped'),
    list.number('uncachedTokens'),
    list.flag('longContext'),
    list.number('totalUsd'),
    list.number('turn'),
    list.number('hop'),
  ];
  const byModel = new Map<string, number>();
  let cold = 0;
  let partial = 0;
  let dropped = 0;
  let notCacheable = 0;
  let longContext = 0;
  let costliest = 0;
  for (let i = 0; i < n; i++) {
    const m = model(i);
    byModel.set(m, (byModel.get(m) ?? 0) + 1);
    const c = cache(i);
    if (c === 'cold') cold++;
    if (c === 'partial') partial++;
    if (forceDropped(i)) dropped++;
    if (uncachedTokens(i) > 0) notCacheable++;
    if (longContextOf(i)) longContext++;
    if (totalUsd(i) > totalUsd(costliest)) costliest = i;
  }
  const models = [...byModel.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([m, c]) => `${formatTokens(c)} on ${m}`)
    .join(', ');
  const turns = turnOf(n - 1) + 1;
  return (
    `${formatTokens(n)} hops over ${formatTokens(turns)} turns: ${models}. ` +
    `${formatTokens(cold)} started with a cold cache and ${formatTokens(partial)} were partly invalidated by a thinking change; ` +
    `${formatTokens(dropped)} forced tool choice${dropped === 1 ? ' was' : 's were'} dropped. ` +
    (notCacheable > 0
      ? `${formatTokens(notCacheable)} ${notCacheable === 1 ? 'was' : 'were'} not cacheable (prompt below the model's minimum, billed as plain input). `
      : '') +
    (longContext > 0
      ? `${formatTokens(longContext)} ${longContext === 1 ? 'was' : 'were'} billed at the long-context rate. `
      : '') +
    `The costliest hop is turn ${formatTokens(turnOf(costliest) + 1)}, hop ${hopOf(costliest) + 1} at ${formatUsd(totalUsd(costliest))}.`
  );
}

/** One mark per hop: cost split, model, thinking, rule and cache state, with a tooltip each. */
const HopTimeline = memo(function HopTimeline(props: {
  hops: HopList;
  turns: readonly SimTurn[];
  modelNames: readonly string[];
  /** Replayed traffic instead of the scenario: what is drawn, in words. */
  replayLabel?: string | undefined;
}) {
  const { hops, turns, modelNames, replayLabel } = props;
  // Only what the drawing shows: an idle-gap step moves every hop's clock
  // but, while the cache stays warm, keeps the scene (the very object), so
  // the canvas compares scenes by identity and leaves the picture alone.
  const lastScene = useRef<TimelineScene | null>(null);
  const scene = useMemo(
    () => timelineScene(hops, modelNames, lastScene.current),
    [hops, modelNames],
  );
  lastScene.current = scene;
  const surface = useCanvasSurface(TIMELINE_HEIGHT, scene, drawTimeline, Object.is);
  // The hop under a spot of the canvas (any height: a hop's slot is the whole column).
  const hopUnder = ({ x, y, width }: PointerSpot) => {
    const index = hopAt(x, width, hops.length);
    return index === null ? null : { index, x, y, width };
  };
  const { hover, byTouch, handlers } = usePointerReadout(hopUnder, CANVAS_STYLE);

  const used = useMemo(() => [...countBy(hops, 'model').keys()], [hops]);
  const summary = useMemo(() => timelineSummary(hops), [hops]);
  const modelLegend = useMemo(
    () => used.map((m) => ({ label: m, color: modelColor(m, modelNames) })),
    [used, modelNames],
  );
  const hovered =
    hover === null || hover.index >= hops.length ? undefined : hops.record(hover.index);
  const priceRows = useAppStore((s) => s.prices.rows);
  const minimumOf = useMemo(() => {
    const minimum = new Map(priceRows.map((r) => [r.model, r.minCacheableTokens]));
    return (model: string) => minimum.get(model);
  }, [priceRows]);

  const slot = hover === null ? 0 : slotWidth(hover.width, hops.length);
  return (
    <ChartFrame
      title={replayLabel === undefined ? 'Timeline: every hop' : 'Timeline: replayed traffic'}
      assumptions={[
        ...(replayLabel === undefined
          ? []
          : [replayLabel, 'each turn is a conversation of the traffic, each hop one of its calls']),
        `${formatTokens(hops.length)} hops over ${formatTokens((hops.length === 0 ? 0 : hops.number('turn')(hops.length - 1)) + 1)} turns`,
        `models by price-table row: ${modelNames.join(', ')}`,
      ]}
      summary={summary}
      chart={
        <div className="timeline">
          <canvas ref={surface.ref} {...handlers} />
          {hover !== null && hovered !== undefined && (
            <>
              <div
                className="timeline-cursor"
                style={{
                  left: TIMELINE_LAYOUT.left + hover.index * slot - 1,
                  width: Math.max(slot, 2) + 2,
                }}
              />
              <Tooltip x={hover.x} y={byTouch ? 0 : hover.y + 12} width={hover.width}>
                <HopDetails
                  hop={hovered}
                  forcedTool={forcedToolOf(turns, hovered)}
                  minCacheableTokens={minimumOf(hovered.model)}
                />
              </Tooltip>
            </>
          )}
          <div className="timeline-legends">
            <Legend title="Cost:" items={COST_LEGEND} />
            <Legend title="Model:" items={modelLegend} />
            <Legend title="Thinking:" items={THINKING_LEGEND} />
            <Legend title="Rule:" items={RULE_LEGEND} />
            <Legend title="Cache:" items={CACHE_LEGEND} />
          </div>
        </div>
      }
      table={<HopTable hops={hops} turns={turns} minimumOf={minimumOf} />}
    />
  );
});

const NO_TURNS: readonly SimTurn[] = [];

/**
 * The routing tab's timeline: the scenario's hops, or, when the traffic tab
 * has replayed some traffic, a switch to draw the replayed calls
 * on the same chart instead.
 */
export const TimelineChart = memo(function TimelineChart({
  hops: given,
  ...rest
}: {
  /** The run's hops: read by field (a long conversation's packed run), or a plain list. */
  hops: HopList | readonly HopRecord[];
  turns: readonly SimTurn[];
  modelNames: readonly string[];
}) {
  const hops = useMemo(() => ('record' in given ? given : hopList(given)), [given]);
  const props = { ...rest, hops };
  const replay = useTrafficFigures().replayTimeline;
  const replayHops = useMemo(() => (replay === undefined ? null : hopList(replay.hops)), [replay]);
  const [shows, setShows] = useState<'scenario' | 'replay'>('scenario');
  const replayModels = useMemo(() => {
    if (replay === undefined) return props.modelNames;
    const extra = new Set(replay.hops.map((h) => h.model));
    for (const m of props.modelNames) extra.delete(m);
    return [...props.modelNames, ...extra];
  }, [replay, props.modelNames]);
  if (replay === undefined || replayHops === null) return <HopTimeline {...props} />;
  const showReplay = shows === 'replay';
  return (
    <div className="timeline-switch">
      <div className="row">
        <span aria-hidden="true">Timeline shows:</span>
        <div className="segmented" role="group" aria-label="Timeline shows">
          <button type="button" aria-pressed={!showReplay} onClick={() => setShows('scenario')}>
            this scenario
          </button>
          <button type="button" aria-pressed={showReplay} onClick={() => setShows('replay')}>
            replayed traffic
          </button>
        </div>
      </div>
      {showReplay ? (
        <>
          <p className="note">Replayed on the traffic tab: {replay.label}.</p>
          <HopTimeline
            hops={replayHops}
            turns={NO_TURNS}
            modelNames={replayModels}
            replayLabel={replay.label}
          />
        </>
      ) : (
        <HopTimeline {...props} />
      )}
    </div>
  );
});
