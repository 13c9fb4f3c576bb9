import type { CalibrationPoint } from '../../engine/traces/traffic-types.ts';
import { formatPlain, formatTokens, formatTokensShort } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';

const SIZE = 360;
const PAD = { left: 54, bottom: 40, top: 10, right: 26 };
const TABLE_ROWS = 500;

/** Predicted against logged cache reads, one dot a call, with the line where they agree. */
export function CacheReadScatter({
  points,
  sampled,
}: {
  points: readonly CalibrationPoint[];
  sampled: boolean;
}) {
  const max = Math.max(
    1,
    ...points.map((p) => Math.max(p.predictedCachedTokens, p.loggedCacheReadTokens)),
  );
  const plotW = SIZE - PAD.left - PAD.right;
  const plotH = SIZE - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (t / max) * plotW;
  const y = (t: number) => PAD.top + plotH - (t / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const within = points.filter((p) => p.within).length;
  const summary =
    `Predicted against logged cache reads for ${formatPlain(points.length)} calls` +
    `${sampled ? ' (an even sample)' : ''}: ${formatPlain(within)} lie within 2 % of their prompt of the diagonal, ` +
    `${formatPlain(points.length - within)} do not.`;
  return (
    <ChartFigure
      title="Predicted against logged cache reads, per call"
      summary={summary}
      table={() => (
        <table className="data">
          <caption className="visually-hidden">Predicted and logged cache reads per call</caption>
          <thead>
            <tr>
              <th scope="col">Call</th>
              <th scope="col">Prompt</th>
              <th scope="col">Predicted cache reads</th>
              <th scope="col">Logged cache reads</th>
              <th scope="col">Within 2 %</th>
            </tr>
          </thead>
          <tbody>
            {points.slice(0, TABLE_ROWS).map((p, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{formatTokens(p.promptTokens)}</td>
                <td>{formatTokens(p.predictedCachedTokens)}</td>
                <td>{formatTokens(p.loggedCacheReadTokens)}</td>
                <td>{p.within ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    >
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="scatter-svg" aria-hidden="true">
        {ticks.map((t) => (
          <g key={`t${t}`}>
            <line x1={x(0)} x2={x(max)} y1={y(t)} y2={y(t)} className="grid-line" />
            <line x1={x(t)} x2={x(t)} y1={y(0)} y2={y(max)} className="grid-line" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="axis-text">
              {formatTokensShort(t)}
            </text>
            <text x={x(t)} y={y(0) + 16} textAnchor="middle" className="axis-text">
              {formatTokensShort(t)}
            </text>
          </g>
        ))}
        <line x1={x(0)} y1={y(0)} x2={x(max)} y2={y(max)} className="diagonal" />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(p.predictedCachedTokens)}
            cy={y(p.loggedCacheReadTokens)}
            r={3}
            className={p.within ? 'dot-within' : 'dot-off'}
          />
        ))}
        <text x={PAD.left + plotW / 2} y={SIZE - 6} textAnchor="middle" className="axis-title">
          Predicted cache reads (tokens)
        </text>
        <text
          transform={`translate(12 ${PAD.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
          className="axis-title"
        >
          Logged cache reads (tokens)
        </text>
      </svg>
      <ul className="traffic-legend" aria-hidden="true">
        <li>
          <span className="legend-dot dot-within" /> within 2 % of the prompt
        </li>
        <li>
          <span className="legend-dot dot-off" /> further off
        </li>
        <li>
          <span className="legend-line" /> predicted = logged
        </li>
      </ul>
    </ChartFigure>
  );
}
