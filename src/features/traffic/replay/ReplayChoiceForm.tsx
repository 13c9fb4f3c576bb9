import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { BilledRow } from '../../../engine/traces/traffic-types.ts';
import type { ReplayChoiceState } from '../../../model/traffic.ts';
import { useAppStore } from '../../../state/store.ts';
import { formatPlain, formatUsd } from '../../../ui/format.ts';
import { ModelSelect } from '../../../ui/ModelSelect.tsx';
import { setReplayScope, type ScopeChoice } from '../../../state/replay-scope.ts';
import type { ReplayFormView } from './replay-view.ts';
import { plural } from '../plural.ts';
import { ModelsFilter } from '../ModelsFilter.tsx';
import { modelsShown } from '../models-shown.ts';

/** Models seen with a select of their own at once (a filter finds the others). */
const MAPPING_SHOWN = 12;

function ScopeChooser({
  scope,
  conversations,
  conversationsInAll,
}: {
  scope: ScopeChoice;
  conversations: readonly BilledRow[];
  conversationsInAll: number;
}) {
  const id = useId();
  const first = conversations[0]?.key;
  const listedNote =
    conversationsInAll > conversations.length
      ? `The ${formatPlain(conversations.length)} most expensive of ${formatPlain(conversationsInAll)} priced conversations are listed.`
      : undefined;
  return (
    <fieldset className="replay-fieldset">
      <legend>Replay</legend>
      <div className="row">
        {(
          [
            ['all', 'All conversations'],
            ['one', 'One conversation'],
            ['selection', 'A selection of conversations'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind}>
            <input
              type="radio"
              name={`${id}-scope`}
              checked={scope.kind === kind}
              onChange={() =>
                setReplayScope(
                  kind === 'all'
                    ? { kind }
                    : kind === 'one'
                      ? { kind, id: first }
                      : { kind, ids: first === undefined ? [] : [first] },
                )
              }
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {scope.kind === 'one' ? (
        <label className="replay-field">
          Conversation{' '}
          <select
            value={scope.id ?? ''}
            onChange={(e) => setReplayScope({ kind: 'one', id: e.target.value })}
          >
            {conversations.map((c) => (
              <option key={c.key} value={c.key}>
                {c.key} · {plural(c.calls, 'call')} · {formatUsd(c.totalUsd)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {scope.kind === 'selection' ? (
        <fieldset className="replay-selection">
          <legend>Conversations to replay</legend>
          {conversations.map((c) => {
            const checked = scope.ids.includes(c.key);
            return (
              <label key={c.key} className="replay-conversation">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    setReplayScope({
                      kind: 'selection',
                      ids: checked ? scope.ids.filter((x) => x !== c.key) : [...scope.ids, c.key],
                    })
                  }
                />{' '}
                <span className="file-name">{c.key}</span> · {plural(c.calls, 'call')} ·{' '}
                {formatUsd(c.totalUsd)}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {scope.kind !== 'all' && listedNote !== undefined ? (
        <p className="note">{listedNote}</p>
      ) : null}
    </fieldset>
  );
}

function moveTo(choice: ReplayChoiceState, from: string, to: string) {
  const rest = choice.mapping.filter((m) => m.from !== from);
  return from === to ? rest : [...rest, { from, to }];
}

/** The replay's choice: scope (this session only), model or mapping, TTL (in the scenario). */
export function ReplayChoiceForm({
  choice,
  scope,
  view,
  candidates,
}: {
  choice: ReplayChoiceState;
  scope: ScopeChoice;
  /** The models seen, the conversations and what the targets' caching allows. */
  view: ReplayFormView;
  candidates: readonly string[];
}) {
  const id = useId();
  const setChoice = useAppStore((s) => s.setReplayChoice);
  const { modelsSeen, noTtl, ttlNote } = view;
  const [query, setQuery] = useState('');
  // Typing stays immediate; the selects follow as a transition.
  const deferredQuery = useDeferredValue(query);
  // A model moved keeps its select, whatever the filter shows.
  const moved = useMemo(() => new Set(choice.mapping.map((m) => m.from)), [choice.mapping]);
  const mappingView = useMemo(
    () => modelsShown(modelsSeen, (s) => s.model, deferredQuery, MAPPING_SHOWN, moved),
    [modelsSeen, deferredQuery, moved],
  );
  const oneOptions = candidates.includes(choice.oneModel)
    ? candidates
    : [choice.oneModel, ...candidates];
  return (
    <div className="replay-form">
      <ScopeChooser
        scope={scope}
        conversations={view.conversations}
        conversationsInAll={view.conversationsInAll}
      />
      <fieldset className="replay-fieldset">
        <legend>Model</legend>
        <div className="row">
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={choice.modelMode === 'map'}
              onChange={() => setChoice({ modelMode: 'map' })}
            />{' '}
            Each model seen mapped to another
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={choice.modelMode === 'one'}
              onChange={() => setChoice({ modelMode: 'one' })}
            />{' '}
            Every call on one model
          </label>
        </div>
        {choice.modelMode === 'one' ? (
          <div className="replay-field">
            <span>Every call on</span>
            <ModelSelect
              ariaLabel="Every call on"
              value={choice.oneModel}
              options={oneOptions}
              filterName="the models every call runs on"
              onChange={(oneModel) => setChoice({ oneModel })}
            />
          </div>
        ) : (
          <div className="replay-mapping">
            <ModelsFilter
              view={mappingView}
              total={modelsSeen.length}
              query={query}
              onQuery={setQuery}
              label="Find a model seen"
              othersWords="stay on the model they ran on unless you find one and move it"
            />
            {mappingView.shown.map((seen) => {
              const to = choice.mapping.find((m) => m.from === seen.model)?.to ?? seen.model;
              const options = [...new Set([seen.model, to, ...candidates])];
              return (
                <div className="replay-field" key={seen.model}>
                  <span>
                    <span className="file-name">{seen.model}</span> ({formatPlain(seen.calls)}{' '}
                    {seen.calls === 1 ? 'call' : 'calls'}
                    {seen.priced ? '' : ', unpriced'}) runs on
                  </span>
                  <ModelSelect
                    ariaLabel={`${seen.model} runs on`}
                    value={to}
                    options={options}
                    labelOf={(m) =>
                      m === seen.model
                        ? seen.priced
                          ? `${m} (stays)`
                          : `${m} (stays: left out, unpriced)`
                        : m
                    }
                    filterName={`the models ${seen.model} may run on`}
                    onChange={(m) => setChoice({ mapping: moveTo(choice, seen.model, m) })}
                  />
                  {!seen.priced && to !== seen.model ? (
                    <span className="field-hint">
                      Kept in this tab only: a model without a price row is named as your trace
                      writes it, and that name never goes into links, saves or the history. A reload
                      forgets this move; add a price row under this name to keep it.
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <fieldset className="replay-fieldset" disabled={noTtl}>
        <legend>Cache TTL</legend>
        {ttlNote === undefined ? null : (
          <p className="note" id={`${id}-ttl-note`}>
            {ttlNote}
          </p>
        )}
        <div
          className="row"
          aria-describedby={ttlNote === undefined ? undefined : `${id}-ttl-note`}
        >
          {(
            [
              ['asBilled', 'As each conversation ran'],
              ['fiveMinutes', '5 minutes'],
              ['oneHour', '1 hour'],
            ] as const
          ).map(([ttl, label]) => (
            <label key={ttl}>
              <input
                type="radio"
                name={`${id}-ttl`}
                checked={choice.ttl === ttl}
                onChange={() => setChoice({ ttl })}
              />{' '}
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
