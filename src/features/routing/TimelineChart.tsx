import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HopRecord, SimTurn } from '../../core/index.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { useThemeVersion } from '../../ui/charts/use-theme-version.ts';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { COLORS, modelColor, Swatch } from './chart-bits.tsx';
import { cacheLabel, forcedToolOf, HopDetails, ruleLabel } from './HopDetails.tsx';
import {
  drawTimeline,
  hopAt,
  resolvePalette,
  sameTimeline,
  slotWidth,
  TIMELINE_HEIGHT,
  TIMELINE_LAYOUT,
  type TimelinePalette,
} from './timeline-canvas.ts';

const PAGE_SIZE = 100;

function usePalette(modelNames: readonly string[]): TimelinePalette {
  return useMemo(
    () => ({
      read: COLORS.read,
      write: COLORS.write,
      output: COLORS.output,
      classifier: COLORS.classifier,
      drop: COLORS.bad,
      thinkingOn: COLORS.accent,
      thinkingOff: 'var(--surface-2)',
      policy: 'var(--chart-4)',
      resolver: '#0d9488',
      default: COLORS.muted,
      warm: COLORS.good,
      partial: 'var(--chart-5)',
      cold: COLORS.bad,
      text: COLORS.muted,
      grid: 'var(--grid)',
      model: (m: string) => modelColor(m, modelNames),
    }),
    [modelNames],
  );
}

function HopTable({ hops, turns }: { hops: readonly HopRecord[]; turns: readonly SimTurn[] }) {
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
                <td>{cacheLabel(h.cache)}</td>
                <td>
                  {formatTokens(h.cachedTokens)} / {formatTokens(h.promptTokens)}
                </td>
                <td>{formatUsd(h.readUsd)}</td>
                <td>{formatUsd(h.writeUsd)}</td>
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
  let costliest = hops[0] as HopRecord;
  for (const h of hops) {
    byModel.set(h.model, (byModel.get(h.model) ?? 0) + 1);
    if (h.cache === 'cold') cold++;
    if (h.cache === 'partial') partial++;
    if (h.forceDropped) dropped++;
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
    `The costliest hop is turn ${formatTokens(costliest.turn + 1)}, hop ${costliest.hop + 1} at ${formatUsd(costliest.totalUsd)}.`
  );
}

/** One mark per hop: cost split, model, thinking, rule and cache state, with a tooltip each. */
export const TimelineChart = memo(function TimelineChart(props: {
  hops: readonly HopRecord[];
  turns: readonly SimTurn[];
  modelNames: readonly string[];
}) {
  const { hops, turns, modelNames } = props;
  // The canvas element itself, not a ref: ChartFrame replaces it when the data
  // table is shown and hidden again, and the effects must follow the new one.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const palette = usePalette(modelNames);
  const themeVersion = useThemeVersion();
  const [hover, setHover] = useState<{ index: number; x: number; y: number; width: number } | null>(
    null,
  );

  // What was drawn last (for redraws on resize), the canvas's CSS width, and
  // the palette resolved for the current theme: a redraw then reads no layout
  // and no style, which the browser would otherwise compute for it mid-commit.
  const drawn = useRef<{ hops: readonly HopRecord[]; colors: TimelinePalette } | null>(null);
  const drawnOn = useRef<HTMLCanvasElement | null>(null);
  const widthRef = useRef(0);
  const resolved = useRef<{ palette: TimelinePalette; theme: number; colors: TimelinePalette }>(
    null,
  );
  // Drawn during the commit, so new hops reach the screen in the same frame as
  // the rest of the results (a resize observer would draw a frame later).
  useLayoutEffect(() => {
    if (!canvas) return;
    if (drawnOn.current !== canvas) {
      // A new canvas (the data table was shown, then the chart again): blank,
      // and of a width not yet known.
      drawnOn.current = canvas;
      drawn.current = null;
      widthRef.current = 0;
    }
    if (widthRef.current === 0) widthRef.current = canvas.clientWidth;
    let cached = resolved.current;
    if (cached === null || cached.palette !== palette || cached.theme !== themeVersion) {
      cached = { palette, theme: themeVersion, colors: resolvePalette(canvas, palette) };
      resolved.current = cached;
    }
    const last = drawn.current;
    if (last !== null && last.colors === cached.colors && sameTimeline(last.hops, hops)) return;
    drawTimeline(canvas, hops, cached.colors, widthRef.current);
    drawn.current = { hops, colors: cached.colors };
  }, [canvas, hops, palette, themeVersion]);
  useEffect(() => {
    if (!canvas || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const width = Math.round(entries[0]?.contentRect.width ?? 0);
      const last = drawn.current;
      if (width === 0 || width === widthRef.current) return;
      widthRef.current = width;
      if (last !== null) drawTimeline(canvas, last.hops, last.colors, width);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas]);

  const used = useMemo(() => [...new Set(hops.map((h) => h.model))], [hops]);
  const hovered = hover === null ? undefined : hops[hover.index];

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
      title="Timeline: every hop"
      summary={timelineSummary(hops)}
      chart={
        <div className="timeline">
          <canvas
            ref={setCanvas}
            style={{ width: '100%', height: TIMELINE_HEIGHT }}
            onMouseMove={onMove}
            onMouseLeave={() => setHover(null)}
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
              <div
                className="chart-tooltip timeline-tip"
                style={
                  hover.x > hover.width / 2
                    ? { right: hover.width - hover.x + 12, top: hover.y + 12 }
                    : { left: hover.x + 12, top: hover.y + 12 }
                }
              >
                <HopDetails hop={hovered} forcedTool={forcedToolOf(turns, hovered)} />
              </div>
            </>
          )}
          <p className="routing-legend">
            <span>Cost:</span>
            <Swatch color={COLORS.read} label="cache reads" />
            <Swatch color={COLORS.write} label="cache writes" />
            <Swatch color={COLORS.output} label="output and thinking" />
            <Swatch color={COLORS.classifier} label="classifier" />
            <span className="legend-drop">▼ forced tool dropped</span>
          </p>
          <p className="routing-legend">
            <span>Model:</span>
            {used.map((m) => (
              <Swatch key={m} color={modelColor(m, modelNames)} label={m} />
            ))}
            <span>Thinking:</span>
            <Swatch color={COLORS.accent} label="on" />
            <span>Rule:</span>
            <Swatch color="var(--chart-4)" label="policy" />
            <Swatch color="#0d9488" label="resolver" />
            <Swatch color={COLORS.muted} label="default" />
            <span>Cache:</span>
            <Swatch color={COLORS.good} label="warm" />
            <Swatch color="var(--chart-5)" label="partly invalidated" />
            <Swatch color={COLORS.bad} label="cold" />
          </p>
        </div>
      }
      table={<HopTable hops={hops} turns={turns} />}
    />
  );
});
