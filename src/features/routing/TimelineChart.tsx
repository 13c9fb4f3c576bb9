import { memo, useMemo, useRef, useState } from 'react';
import type { HopRecord, SimTurn } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../state/traffic-figures.ts';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { modelColor } from '../../ui/charts/palette.ts';
import { Tooltip } from '../../ui/charts/Tooltip.tsx';
import { useCanvasSurface } from '../../ui/charts/use-canvas-surface.ts';
import { useHover } from '../../ui/charts/use-hover.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { cacheLabel, forcedToolOf, HopDetails, ruleLabel } from './HopDetails.tsx';
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

const PAGE_SIZE = 100;

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

function HopTable({
  hops,
  turns,
  minimumOf,
}: {
  hops: readonly HopRecord[];
  turns: readonly SimTurn[];
  minimumOf: (model: string) => number | undefined;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(hops.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = hops.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const first = current * PAGE_SIZE + 1;
  return (
    <>
      {pages > 1 && (
        <div className="row table-pager">
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous {PAGE_SIZE} hops
          </button>
          <span aria-live="polite">
            Hops {formatTokens(first)}–{formatTokens(first + rows.length - 1)} of{' '}
            {formatTokens(hops.length)}
          </span>
          <button
            type="button"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next {PAGE_SIZE} hops
          </button>
        </div>
      )}
      <table className="data">
        <caption className="visually-hidden">Every hop: model, rule, cache state and cost</caption>
        <thead>
          <tr>
            <th scope="col">Turn</th>
            <th scope="col">Hop</th>
            <th scope="col">Hop index</th>
            <th scope="col">Model</th>
            <th scope="col">Thinking</th>
            <th scope="col">Chosen by</th>
            <th scope="col">Cache</th>
            <th scope="col">Cached / prompt tokens</th>
            <th scope="col">Cache reads</th>
            <th scope="col">Cache writes</th>
            <th scope="col">Plain input</th>
            <th scope="col">Output</th>
            <th scope="col">Classifier</th>
            <th scope="col">Total</th>
            <th scope="col">Forced tool</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => {
            const forced = forcedToolOf(turns, h);
            return (
              <tr key={`${h.turn}-${h.hop}`}>
                <td>{h.turn + 1}</td>
                <td>{h.hop + 1}</td>
                <td>{h.turnHopIndex}</td>
                <td>{h.model}</td>
                <td>{h.thinking ? 'on' : 'off'}</td>
                <td>{ruleLabel(h.source)}</td>
                <td>
                  {cacheLabel(h.cache, minimumOf(h.model))}
                  {h.longContext && <> · long-context rate</>}
                </td>
                <td>
                  {formatTokens(h.cachedTokens)} / {formatTokens(h.promptTokens)}
                </td>
                <td>{formatUsd(h.readUsd)}</td>
                <td>{formatUsd(h.writeUsd)}</td>
                <td>{formatUsd(h.inputUsd)}</td>
                <td>{formatUsd(h.outputUsd)}</td>
                <td>{formatUsd(h.classifierUsd)}</td>
                <td>{formatUsd(h.totalUsd)}</td>
                <td>
                  {forced === null
                    ? '—'
                    : h.forceDropped
                      ? `⚠ ${forced} dropped`
                      : `${forced} honoured`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** One sentence about the timeline: where the hops went and what went cold. */
export function timelineSummary(hops: readonly HopRecord[]): string {
  if (hops.length === 0) return 'The conversation has no hops.';
  const byModel = new Map<string, number>();
  let cold = 0;
  let partial = 0;
  let dropped = 0;
  let notCacheable = 0;
  let longContext = 0;
  let costliest = hops[0] as HopRecord;
  for (const h of hops) {
    byModel.set(h.model, (byModel.get(h.model) ?? 0) + 1);
    if (h.cache === 'cold') cold++;
    if (h.cache === 'partial') partial++;
    if (h.forceDropped) dropped++;
    if (h.uncachedTokens > 0) notCacheable++;
    if (h.longContext) longContext++;
    if (h.totalUsd > costliest.totalUsd) costliest = h;
  }
  const models = [...byModel.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([m, c]) => `${formatTokens(c)} on ${m}`)
    .join(', ');
  const turns = (hops[hops.length - 1]?.turn ?? 0) + 1;
  return (
    `${formatTokens(hops.length)} hops over ${formatTokens(turns)} turns: ${models}. ` +
    `${formatTokens(cold)} started with a cold cache and ${formatTokens(partial)} were partly invalidated by a thinking change; ` +
    `${formatTokens(dropped)} forced tool choice${dropped === 1 ? ' was' : 's were'} dropped. ` +
    (notCacheable > 0
      ? `${formatTokens(notCacheable)} ${notCacheable === 1 ? 'was' : 'were'} not cacheable (prompt below the model's minimum, billed as plain input). `
      : '') +
    (longContext > 0
      ? `${formatTokens(longContext)} ${longContext === 1 ? 'was' : 'were'} billed at the long-context rate. `
      : '') +
    `The costliest hop is turn ${formatTokens(costliest.turn + 1)}, hop ${costliest.hop + 1} at ${formatUsd(costliest.totalUsd)}.`
  );
}

/** One mark per hop: cost split, model, thinking, rule and cache state, with a tooltip each. */
const HopTimeline = memo(function HopTimeline(props: {
  hops: readonly HopRecord[];
  turns: readonly SimTurn[];
  modelNames: readonly string[];
  /** Replayed traffic (issue 16) instead of the scenario: what is drawn, in words. */
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
  const { hover, setHover, onPointerLeave } = useHover<{
    index: number;
    x: number;
    y: number;
    width: number;
  }>();

  const used = useMemo(() => [...new Set(hops.map((h) => h.model))], [hops]);
  const modelLegend = useMemo(
    () => used.map((m) => ({ label: m, color: modelColor(m, modelNames) })),
    [used, modelNames],
  );
  const hovered = hover === null ? undefined : hops[hover.index];
  const priceRows = useAppStore((s) => s.prices.rows);
  const minimumOf = useMemo(() => {
    const minimum = new Map(priceRows.map((r) => [r.model, r.minCacheableTokens]));
    return (model: string) => minimum.get(model);
  }, [priceRows]);

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const index = hopAt(e.clientX - rect.left, rect.width, hops.length);
    setHover(
      index === null
        ? null
        : { index, x: e.clientX - rect.left, y: e.clientY - rect.top, width: rect.width },
    );
  };

  const slot = hover === null ? 0 : slotWidth(hover.width, hops.length);
  return (
    <ChartFrame
      title={replayLabel === undefined ? 'Timeline: every hop' : 'Timeline: replayed traffic'}
      assumptions={[
        ...(replayLabel === undefined
          ? []
          : [replayLabel, 'each turn is a conversation of the traffic, each hop one of its calls']),
        `${formatTokens(hops.length)} hops over ${formatTokens((hops[hops.length - 1]?.turn ?? 0) + 1)} turns`,
        `models by price-table row: ${modelNames.join(', ')}`,
      ]}
      summary={timelineSummary(hops)}
      chart={
        <div className="timeline">
          <canvas
            ref={surface.ref}
            style={{ width: '100%', height: TIMELINE_HEIGHT }}
            onMouseMove={onMove}
            onMouseLeave={onPointerLeave}
          />
          {hover !== null && hovered !== undefined && (
            <>
              <div
                className="timeline-cursor"
                style={{
                  left: TIMELINE_LAYOUT.left + hover.index * slot - 1,
                  width: Math.max(slot, 2) + 2,
                }}
              />
              <Tooltip x={hover.x} y={hover.y + 12} width={hover.width}>
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
 * has replayed some traffic (issue 16), a switch to draw the replayed calls
 * on the same chart instead.
 */
export const TimelineChart = memo(function TimelineChart(props: {
  hops: readonly HopRecord[];
  turns: readonly SimTurn[];
  modelNames: readonly string[];
}) {
  const replay = useTrafficFigures((s) => s.replayTimeline);
  const [shows, setShows] = useState<'scenario' | 'replay'>('scenario');
  const replayModels = useMemo(() => {
    if (replay === undefined) return props.modelNames;
    const extra = new Set(replay.hops.map((h) => h.model));
    for (const m of props.modelNames) extra.delete(m);
    return [...props.modelNames, ...extra];
  }, [replay, props.modelNames]);
  if (replay === undefined) return <HopTimeline {...props} />;
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
            hops={replay.hops}
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
