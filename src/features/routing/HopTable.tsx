import { memo, useMemo, useState } from 'react';
import type { HopRecord, SimTurn } from '../../core/index.ts';
import type { HopColumns } from '../../domain/hop-list.ts';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { cacheLabel, forcedToolAt, ruleLabel } from './HopDetails.tsx';

const PAGE_SIZE = 100;

/** One row of the hop table: plain values, so a row whose figures did not change skips its render. */
const HopRow = memo(function HopRow(props: {
  turn: number;
  hop: number;
  turnHopIndex: number;
  model: string;
  thinking: boolean;
  source: HopRecord['source'];
  cache: HopRecord['cache'];
  longContext: boolean;
  minimum: number | undefined;
  cachedTokens: number;
  promptTokens: number;
  readUsd: number;
  writeUsd: number;
  inputUsd: number;
  outputUsd: number;
  classifierUsd: number;
  totalUsd: number;
  forced: string | null;
  forceDropped: boolean;
}) {
  const { forced } = props;
  return (
    <tr>
      <td>{props.turn + 1}</td>
      <td>{props.hop + 1}</td>
      <td>{props.turnHopIndex}</td>
      <td>{props.model}</td>
      <td>{props.thinking ? 'on' : 'off'}</td>
      <td>{ruleLabel(props.source)}</td>
      <td>
        {cacheLabel(props.cache, props.minimum)}
        {props.longContext && <> · long-context rate</>}
      </td>
      <td>
        {formatTokens(props.cachedTokens)} / {formatTokens(props.promptTokens)}
      </td>
      <td>{formatUsd(props.readUsd)}</td>
      <td>{formatUsd(props.writeUsd)}</td>
      <td>{formatUsd(props.inputUsd)}</td>
      <td>{formatUsd(props.outputUsd)}</td>
      <td>{formatUsd(props.classifierUsd)}</td>
      <td>{formatUsd(props.totalUsd)}</td>
      <td>
        {forced === null ? '—' : props.forceDropped ? `⚠ ${forced} dropped` : `${forced} honoured`}
      </td>
    </tr>
  );
});

/** The columns the hop table reads, once per run. */
function tableColumns(hops: HopColumns) {
  return {
    turn: hops.number('turn'),
    hop: hops.number('hop'),
    turnHopIndex: hops.number('turnHopIndex'),
    model: hops.text('model'),
    thinking: hops.flag('thinking'),
    source: hops.text('source'),
    cache: hops.text('cache'),
    longContext: hops.flag('longContext'),
    cachedTokens: hops.number('cachedTokens'),
    promptTokens: hops.number('promptTokens'),
    readUsd: hops.number('readUsd'),
    writeUsd: hops.number('writeUsd'),
    inputUsd: hops.number('inputUsd'),
    outputUsd: hops.number('outputUsd'),
    classifierUsd: hops.number('classifierUsd'),
    totalUsd: hops.number('totalUsd'),
    forceDropped: hops.flag('forceDropped'),
  };
}

/** Every hop, a page of 100 at a time, read by index from the run's columns. */
export function HopTable({
  hops,
  turns,
  minimumOf,
}: {
  hops: HopColumns;
  turns: readonly SimTurn[];
  minimumOf: (model: string) => number | undefined;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(hops.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const start = current * PAGE_SIZE;
  const end = Math.min(hops.length, start + PAGE_SIZE);
  const first = start + 1;
  const c = useMemo(() => tableColumns(hops), [hops]);
  const rows: React.ReactElement[] = [];
  for (let i = start; i < end; i++) {
    const [turn, hop, model] = [c.turn(i), c.hop(i), c.model(i)];
    rows.push(
      <HopRow
        key={`${turn}-${hop}`}
        turn={turn}
        hop={hop}
        turnHopIndex={c.turnHopIndex(i)}
        model={model}
        thinking={c.thinking(i)}
        source={c.source(i)}
        cache={c.cache(i)}
        longContext={c.longContext(i)}
        minimum={minimumOf(model)}
        cachedTokens={c.cachedTokens(i)}
        promptTokens={c.promptTokens(i)}
        readUsd={c.readUsd(i)}
        writeUsd={c.writeUsd(i)}
        inputUsd={c.inputUsd(i)}
        outputUsd={c.outputUsd(i)}
        classifierUsd={c.classifierUsd(i)}
        totalUsd={c.totalUsd(i)}
        forced={forcedToolAt(turns, turn, hop)}
        forceDropped={c.forceDropped(i)}
      />,
    );
  }
  return (
    <>
      {pages > 1 && (
        <div className="row table-pager">
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous {PAGE_SIZE} hops
          </button>
          <span aria-live="polite">
            Hops {formatTokens(first)}–{formatTokens(end)} of {formatTokens(hops.length)}
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
        <tbody>{rows}</tbody>
      </table>
    </>
  );
}
