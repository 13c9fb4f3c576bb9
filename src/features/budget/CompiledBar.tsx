import { memo, useId } from 'react';
import { Bar, BarChart, ReferenceLine, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import { TIER_LABELS } from './compiled.ts';
import { joinWords } from './DecisionCard.tsx';
import type { RowStatus } from './evaluate.ts';
import type { BudgetView } from './use-budget.ts';

/** Words for a row's status, as the table and tooltips show it. */
export const STATUS_TEXT: Record<RowStatus, string> = {
  admitted: 'Admitted',
  dropped: 'Dropped',
  pinned: 'Pinned',
  notCompiled: 'Not compiled',
};

interface Segment {
  key: string;
  id: string;
  position: number;
  tokens: number;
  start: number;
  status: RowStatus;
  /** Pinned rows in a failed compile. */
  blocking: boolean;
  tier: string;
  dropRank: number | null;
}

const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 } as const;

function segments(view: BudgetView): Segment[] {
  const { outcome } = view;
  let start = 0;
  return view.compiled.map((c, i) => {
    const id = c.row.contributionId;
    const status =
      outcome.kind === 'invalid' ? 'notCompiled' : (outcome.status.get(id) ?? 'notCompiled');
    const seg = {
      key: `s${i}`,
      id,
      position: c.position,
      tokens: c.tokens,
      start,
      status,
      blocking: outcome.kind === 'pinnedExceeds' && c.row.pinned,
      tier: TIER_LABELS[c.row.tier],
      dropRank: view.ranks.get(id) ?? null,
    };
    start += c.tokens;
    return seg;
  });
}

/** A segment of the stacked bar: status by fill, hatch and marker, not by colour alone. */
function SegmentShape({
  props,
  seg,
  patternId,
  shipped,
}: {
  props: BarShapeProps;
  seg: Segment;
  patternId: string;
  shipped: boolean;
}) {
  const { x, y, width, height } = props;
  if (!(width > 0) || !(height > 0)) return <g />;
  const cls = seg.blocking ? 'blocking' : seg.status;
  const marker = seg.blocking
    ? '! '
    : seg.status === 'dropped'
      ? '✕ '
      : seg.status === 'pinned'
        ? '◆ '
        : '';
  const label = `${marker}${seg.id}`;
  const fits = width > label.length * 7 + 10;
  return (
    <g className={`budget-seg seg-${cls}`}>
      <rect x={x} y={y} width={width} height={height} className="seg-fill" />
      {seg.status === 'dropped' && !shipped && (
        <rect x={x} y={y} width={width} height={height} fill={`url(#${patternId})`} />
      )}
      <rect x={x} y={y} width={width} height={height} className="seg-edge" fill="none" />
      {fits && (
        <text
          x={x + width / 2}
          y={y + height / 2}
          dy="0.35em"
          textAnchor="middle"
          className="seg-label"
        >
          {label}
        </text>
      )}
    </g>
  );
}

function SegmentTooltip({
  active,
  payload,
  byKey,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ dataKey?: unknown }>;
  byKey: ReadonlyMap<string, Segment>;
}) {
  const seg = byKey.get(String(payload?.[0]?.dataKey ?? ''));
  if (!active || !seg) return null;
  return (
    <div className="chart-tooltip">
      <strong>
        #{seg.position + 1} {seg.id}
      </strong>
      <br />
      {formatTokens(seg.tokens)} tokens · {STATUS_TEXT[seg.status]}
      {seg.blocking ? ' (over budget)' : ''}
      <br />
      {seg.tier} tier · {seg.dropRank === null ? 'never dropped' : `drop order ${seg.dropRank}`}
    </div>
  );
}

function summaryOf(view: BudgetView, total: number): string {
  const { outcome } = view;
  const head = `The compiled prompt is ${formatTokens(total)} tokens in ${view.compiled.length} rows`;
  if (outcome.kind === 'invalid') return `${head}; no decision until the ids are fixed.`;
  if (outcome.kind === 'pinnedExceeds') {
    return `${head}. The pinned rows (${outcome.error.pinnedIds.join(', ')}) alone need ${formatTokens(outcome.error.pinnedTokens)} tokens, more than the budget of ${formatTokens(outcome.error.limit)}, so nothing compiles.`;
  }
  const r = outcome.report;
  const kept = `${r.admitted.length} rows (${formatTokens(r.totalTokens)} tokens) are admitted`;
  if (r.limit === null) return `${head}; with no budget all ${kept}.`;
  return (
    `${head}; under the budget of ${formatTokens(r.limit)} tokens ${kept}` +
    (r.dropped.length === 0
      ? ' and nothing is dropped.'
      : ` and ${joinWords(r.dropped, 'and')} ${r.dropped.length === 1 ? 'is' : 'are'} dropped.`)
  );
}

/** The rows in compiled order as one stacked bar, above the admitted rows alone, against the budget. */
export const CompiledBar = memo(function CompiledBar({ view }: { view: BudgetView }) {
  const patternId = useId().replace(/:/g, '');
  const segs = segments(view);
  const total = segs.reduce((sum, s) => sum + s.tokens, 0);
  const byKey = new Map(segs.map((s) => [s.key, s]));
  const all: Record<string, string | number> = { name: 'All rows' };
  const shipped: Record<string, string | number> = { name: 'Admitted' };
  for (const s of segs) {
    all[s.key] = s.tokens;
    shipped[s.key] = s.status === 'admitted' || s.status === 'pinned' ? s.tokens : 0;
  }
  if (view.outcome.kind !== 'ok') for (const s of segs) shipped[s.key] = 0;
  const domainMax = Math.max(1, total, view.limit ?? 0);

  return (
    <ChartFrame
      title="Compiled prompt against the budget"
      exportable
      csvRows={segs.map((s) => ({
        position: s.position + 1,
        id: s.id,
        tokens: s.tokens,
        fromToken: s.start,
        status: STATUS_TEXT[s.status],
      }))}
      summary={summaryOf(view, total)}
      chart={
        <>
          <BarChart
            responsive
            style={{ width: '100%', height: 150 }}
            data={[all, shipped]}
            layout="vertical"
            margin={{ top: 18, right: 16, bottom: 4, left: 8 }}
            barCategoryGap="18%"
            accessibilityLayer={false}
          >
            <defs>
              <pattern
                id={patternId}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <line x1="0" y1="0" x2="0" y2="6" className="seg-hatch" />
              </pattern>
            </defs>
            <XAxis
              type="number"
              domain={[0, domainMax]}
              tickFormatter={formatTokensShort}
              tick={AXIS_TICK}
            />
            <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={70} />
            <Tooltip
              shared={false}
              cursor={false}
              isAnimationActive={false}
              content={<SegmentTooltip byKey={byKey} />}
            />
            {segs.map((seg) => (
              <Bar
                key={seg.key}
                dataKey={seg.key}
                name={seg.id}
                stackId="prompt"
                isAnimationActive={false}
                shape={(p: BarShapeProps) => (
                  <SegmentShape props={p} seg={seg} patternId={patternId} shipped={p.index === 1} />
                )}
              />
            ))}
            {view.limit !== null && (
              <ReferenceLine
                x={view.limit}
                className="budget-line"
                stroke="var(--text)"
                strokeWidth={2}
                strokeDasharray="4 3"
                label={{
                  value: `Budget ${formatTokens(view.limit)}`,
                  position: 'top',
                  fill: 'var(--text)',
                  fontSize: 12,
                }}
              />
            )}
          </BarChart>
          <ul className="budget-legend">
            <li>
              <span className="budget-swatch seg-admitted" /> Admitted
            </li>
            <li>
              <span className="budget-swatch seg-pinned" /> ◆ Pinned (never dropped)
            </li>
            <li>
              <span className="budget-swatch seg-dropped" /> ✕ Dropped (hatched)
            </li>
            {view.outcome.kind === 'pinnedExceeds' && (
              <li>
                <span className="budget-swatch seg-blocking" /> ! Pinned, over budget
              </li>
            )}
            {view.outcome.kind === 'pinnedExceeds' && (
              <li>
                <span className="budget-swatch seg-notCompiled" /> Not compiled (dashed)
              </li>
            )}
          </ul>
        </>
      }
      table={
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Position</th>
              <th scope="col">Tokens</th>
              <th scope="col">From token</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {segs.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.id}</th>
                <td>{s.position + 1}</td>
                <td>{formatTokens(s.tokens)}</td>
                <td>{formatTokens(s.start)}</td>
                <td>
                  {STATUS_TEXT[s.status]}
                  {s.blocking ? ' (over budget)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
});
