import { useId, useState } from 'react';
import type { PricingTable } from '../../../core/pricing.ts';
import type { ReplayConstraints } from '../../../domain/replay-constraints.ts';
import { ttlChoiceOf, realMoves } from '../../../domain/traffic-replay.ts';
import type { ReplaySearchOutcome } from '../../../engine/traces/traffic-types.ts';
import { useAppStore } from '../../../state/store.ts';
import { formatPlain, formatUsd } from '../../../ui/format.ts';
import { changeText } from './change-text.ts';
import { SearchConstraints } from './SearchConstraints.tsx';

/** "Find the cheapest setting": the search's ranked list, each with what it gives up. */
export function CheapestSettings({
  search,
  updating,
  replayHeadingId,
  pricing,
  constraints,
  onConstraints,
}: {
  search: ReplaySearchOutcome | undefined;
  updating: boolean;
  pricing: PricingTable;
  constraints: ReplayConstraints;
  onConstraints: (next: ReplayConstraints) => void;
  /** The replay's heading: "Replay this setting" scrolls to it and focuses it. */
  replayHeadingId?: string;
}) {
  const id = useId();
  const [replayed, setReplayed] = useState('');
  const setChoice = useAppStore((s) => s.setReplayChoice);
  const cheapest = search?.ranked[0];
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Find the cheapest setting</h2>
      <SearchConstraints pricing={pricing} constraints={constraints} onChange={onConstraints} />
      <p className="replay-updating" aria-live="polite">
        {updating ? 'updating…' : ''}
      </p>
      {search === undefined ? (
        updating ? null : (
          <p className="note">The search needs your traffic.</p>
        )
      ) : search.scopeCalls === 0 ? (
        <p className="note">No calls to search: choose conversations above.</p>
      ) : (
        <>
          <p className="note">{search.boundText}</p>
          {cheapest === undefined ? null : (
            <p role="status" className="traffic-total">
              Cheapest: {cheapest.choiceText} at {formatUsd(cheapest.totalUsd)},{' '}
              {changeText(search.asBilledUsd, cheapest.totalUsd)} against as billed
            </p>
          )}
          <p className="note">
            Without moving any model: {search.keepModels.choiceText} at{' '}
            {formatUsd(search.keepModels.totalUsd)} (
            {changeText(search.asBilledUsd, search.keepModels.totalUsd)} against as billed).
          </p>
          <ol className="replay-ranked" aria-label="Cheapest settings, ranked">
            {search.ranked.map((r, i) => (
              <li key={`${r.choiceText}-${i}`}>
                <strong>{r.choiceText}</strong>: {formatUsd(r.totalUsd)} (
                {changeText(search.asBilledUsd, r.totalUsd)} against as billed,{' '}
                {changeText(search.asRunUsd, r.totalUsd)} against as run)
                <ul className="replay-gives-up" aria-label="What it gives up">
                  {r.givesUp.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => {
                    setChoice({
                      modelMode: 'map',
                      mapping:
                        r.choice.model.kind === 'map' ? realMoves(r.choice.model.mapping) : [],
                      ttl: ttlChoiceOf(r.choice.ttlSeconds),
                    });
                    setReplayed(`Replaying setting ${formatPlain(i + 1)}: ${r.choiceText}.`);
                    const heading =
                      replayHeadingId === undefined
                        ? null
                        : document.getElementById(replayHeadingId);
                    heading?.scrollIntoView?.({ block: 'start' });
                    heading?.focus();
                  }}
                >
                  Replay this setting ({formatPlain(i + 1)})
                </button>
              </li>
            ))}
          </ol>
          <p role="status" className="note">
            {replayed}
          </p>
          <p className="note">
            Every setting keeps the logged outputs: a cheaper model may write longer or shorter
            answers, or worse ones. Read what each gives up before picking.
          </p>
        </>
      )}
    </section>
  );
}
