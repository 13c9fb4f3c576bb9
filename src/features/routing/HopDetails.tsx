import type { HopRecord, SimTurn } from '../../core/index.ts';
import { formatNumber, formatTokens, formatUsd } from '../../ui/format.ts';

/** Which rule chose a hop's model, in words. */
export function ruleLabel(source: HopRecord['source']): string {
  if (source === 'resolver') return 'resolver';
  if (source === 'default') return 'default';
  return `policy “${source.slice('policy:'.length)}”`;
}

/** A hop's cache state, in words. */
export function cacheLabel(cache: HopRecord['cache']): string {
  return cache === 'partial' ? 'partly invalidated' : cache;
}

/** The forced tool of a hop, from the conversation (null when none). */
export function forcedToolOf(turns: readonly SimTurn[], hop: HopRecord): string | null {
  return turns[hop.turn]?.hops[hop.hop]?.forcedTool ?? null;
}

/** Everything about one hop: the tooltip of a timeline mark. */
export function HopDetails({ hop, forcedTool }: { hop: HopRecord; forcedTool: string | null }) {
  return (
    <>
      <strong>
        Turn {hop.turn + 1}, hop {hop.hop + 1}
      </strong>{' '}
      (hop index {hop.turnHopIndex}, at {formatNumber(hop.at, 1)} s)
      <br />
      {hop.model}, thinking {hop.thinking ? 'on' : 'off'}, chosen by {ruleLabel(hop.source)}
      <br />
      Cache {cacheLabel(hop.cache)}: {formatTokens(hop.cachedTokens)} of{' '}
      {formatTokens(hop.promptTokens)} prompt tokens read
      <br />
      Reads {formatUsd(hop.readUsd)} · writes {formatUsd(hop.writeUsd)} · output{' '}
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
