import type { HopRecord, SimTurn } from '../../core/index.ts';
import { formatNumber, formatTokens, formatUsd } from '../../ui/format.ts';

/** Which rule chose a hop's model, in words. */
export function ruleLabel(source: HopRecord['source']): string {
  if (source === 'resolver') return 'resolver';
  if (source === 'default') return 'default';
  return `policy “${source.slice('policy:'.length)}”`;
}

/**
 * A hop's cache state, in words; `minCacheableTokens` is the model's minimum
 * cacheable prompt, when known ("not cacheable: prompt below 4,096 tokens").
 */
export function cacheLabel(cache: HopRecord['cache'], minCacheableTokens?: number): string {
  if (cache === 'partial') return 'partly invalidated';
  if (cache === 'uncacheable') {
    return minCacheableTokens === undefined
      ? 'not cacheable: prompt below the model’s minimum'
      : `not cacheable: prompt below ${formatTokens(minCacheableTokens)} tokens`;
  }
  return cache;
}

/** The forced tool of a hop, from the conversation (null when none). */
export function forcedToolOf(turns: readonly SimTurn[], hop: HopRecord): string | null {
  return forcedToolAt(turns, hop.turn, hop.hop);
}

/** The forced tool of hop `hop` (from 0) of turn `turn` (from 0), from the conversation (null when none). */
export function forcedToolAt(turns: readonly SimTurn[], turn: number, hop: number): string | null {
  return turns[turn]?.hops[hop]?.forcedTool ?? null;
}

/** Everything about one hop: the tooltip of a timeline mark. */
export function HopDetails({
  hop,
  forcedTool,
  minCacheableTokens,
}: {
  hop: HopRecord;
  forcedTool: string | null;
  minCacheableTokens?: number | undefined;
}) {
  return (
    <>
      <strong>
        Turn {hop.turn + 1}, hop {hop.hop + 1}
      </strong>{' '}
      (hop index {hop.turnHopIndex}, at {formatNumber(hop.at, 1)} s)
      <br />
      {hop.model}, thinking {hop.thinking ? 'on' : 'off'}, chosen by {ruleLabel(hop.source)}
      <br />
      Cache {cacheLabel(hop.cache, minCacheableTokens)}: {formatTokens(hop.cachedTokens)} of{' '}
      {formatTokens(hop.promptTokens)} prompt tokens read
      {hop.longContext && (
        <>
          <br />
          <span className="badge">Billed at the long-context rate</span>
        </>
      )}
      <br />
      Reads {formatUsd(hop.readUsd)} · writes {formatUsd(hop.writeUsd)}
      {hop.inputUsd > 0 && <> · plain input {formatUsd(hop.inputUsd)}</>} · output{' '}
      {formatUsd(hop.outputUsd)}
      {hop.classifierUsd > 0 && <> · classifier {formatUsd(hop.classifierUsd)}</>} ={' '}
      <strong>{formatUsd(hop.totalUsd)}</strong>
      {hop.forceDropped && (
        <>
          <br />
          <span className="badge bad">
            ⚠ forced tool {forcedTool ?? ''} dropped: {hop.model} thinks
          </span>
        </>
      )}
    </>
  );
}
