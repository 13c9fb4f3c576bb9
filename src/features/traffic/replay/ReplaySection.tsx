import { useId, useState } from 'react';
import type { PricingTable } from '../../../core/pricing.ts';
import {
  DEFAULT_REPLAY_CONSTRAINTS,
  type ReplayConstraints,
} from '../../../domain/replay-constraints.ts';
import { REPLAY_CANNOT_KNOW } from '../../../domain/traffic-replay.ts';
import {
  useReplaySearch,
  useStoredTraffic,
  useTrafficAnalysis,
  useTrafficReplay,
  workerScope,
} from '../../../engine/traces/traffic-queries.ts';
import { useReplayScope } from '../../../state/replay-scope.ts';
import { useValue } from '../../../state/derive.ts';
import { useAppStore } from '../../../state/store.ts';
import { formatPlain } from '../../../ui/format.ts';
import { CheapestSettings } from './CheapestSettings.tsx';
import { ReplayChoiceForm } from './ReplayChoiceForm.tsx';
import { ReplayColumns } from './ReplayColumns.tsx';
import {
  replayCandidateModels,
  replayChoiceWords,
  replayFormViewNone,
  replayFormViewOf,
} from './replay-view.ts';
import './replay.css';

function CannotKnow() {
  return (
    <div className="replay-cannot-know">
      <h3>What a replay cannot know</h3>
      <ul>
        {REPLAY_CANNOT_KNOW.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Replay under other choices" and "Find the cheapest setting" (SPEC §11):
 * the traffic re-priced in the worker under the scenario's
 * choice, side by side with as billed and as run, and the search's ranked
 * settings. Without traffic (a shared link), the choice and what it needs.
 */
export function ReplaySection({ pricing }: { pricing: PricingTable }) {
  const id = useId();
  const hasTraffic = useStoredTraffic()?.meta !== undefined;
  // The form's view of the analysis, worked out once per answer, choice and price table.
  const noAnalysis = useValue(replayFormViewNone);
  const formView = useTrafficAnalysis(pricing, useValue(replayFormViewOf)).value ?? noAnalysis;
  const choice = useAppStore((s) => s.traffic.replay);
  const scope = useReplayScope((s) => s.scope);
  // The replay and the search follow the stored calls, the price table, the scope and the choice.
  const replay = useTrafficReplay(pricing, scope, choice);
  const [constraints, setConstraints] = useState<ReplayConstraints>(DEFAULT_REPLAY_CONSTRAINTS);
  const found = useReplaySearch(pricing, scope, constraints);
  const outcome = replay.value;
  const search = found.value;
  const replayUpdating = replay.updating;
  const searchUpdating = found.updating;
  const error =
    replay.error !== undefined
      ? `The replay failed: ${replay.error}.`
      : found.error !== undefined
        ? `The search failed: ${found.error}.`
        : undefined;

  const candidates = useValue(replayCandidateModels);
  const words = useValue(replayChoiceWords);

  return (
    <>
      <section className="card replay" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} tabIndex={-1}>
          Replay under other choices
        </h2>
        <p className="note">
          Each call keeps its time, its prompt size and its logged output; the replay changes the
          model it runs on and the cache TTL, with the simulator&apos;s cache rules (SPEC §11). A
          share link carries this choice, never the calls nor which conversations you replayed.
        </p>
        <p className="replay-choice">
          Choice: <strong>{words}</strong>
        </p>
        {!hasTraffic ? (
          <p className="note" role="status">
            Replaying needs your traffic: import trace files above. This choice came with the
            scenario; the calls never do.
          </p>
        ) : (
          <>
            <ReplayChoiceForm
              choice={choice}
              scope={scope}
              view={formView}
              candidates={candidates}
            />
            <p className="replay-updating" aria-live="polite">
              {replayUpdating ? 'updating…' : ''}
            </p>
            {error === undefined ? null : (
              <p role="alert" className="form-error">
                {error}
              </p>
            )}
            {workerScope(scope) === undefined ? (
              <p className="note">Choose at least one conversation to replay.</p>
            ) : outcome === undefined ? null : (
              <div className="replay-result">
                <ReplayColumns outcome={outcome} />
                <div className="replay-beside">
                  <div>
                    <h3>What this choice gives up</h3>
                    <ul>
                      {outcome.givesUp.map((w) => (
                        <li key={w}>{w}</li>
                      ))}
                    </ul>
                  </div>
                  <CannotKnow />
                </div>
                <p className="note">
                  The routing tab&apos;s timeline can show these replayed calls (
                  {outcome.timeline.hops.length < outcome.timeline.totalCalls
                    ? `the first ${formatPlain(outcome.timeline.hops.length)} of ${formatPlain(outcome.timeline.totalCalls)}`
                    : formatPlain(outcome.timeline.totalCalls)}
                  ): choose “replayed traffic” above its chart.
                </p>
              </div>
            )}
          </>
        )}
      </section>
      {hasTraffic ? (
        <CheapestSettings
          search={search}
          updating={searchUpdating}
          replayHeadingId={`${id}-h`}
          pricing={pricing}
          constraints={constraints}
          onConstraints={setConstraints}
        />
      ) : null}
    </>
  );
}
