import { useId } from 'react';
import type { Complexity, Policy, PolicyWhen } from '../../core/index.ts';
import { useModelNames } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import {
  Checkbox,
  ModelSelect,
  parseOptionalCount,
  parseOptionalText,
  TextField,
} from './fields.tsx';
import { Fold } from '../../ui/Fold.tsx';
import { PrecedenceNote } from './SeedNotes.tsx';

/** `when` with one condition set or, for `undefined`, removed (exact optional properties). */
function withCondition<K extends keyof PolicyWhen>(
  when: PolicyWhen,
  key: K,
  value: PolicyWhen[K] | undefined,
): PolicyWhen {
  const next: Record<string, unknown> = { ...when };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as PolicyWhen;
}

function withHop(when: PolicyWhen, bound: 'min' | 'max', value: number | null): PolicyWhen {
  const hop: Record<string, number> = { ...(when.hop ?? {}) };
  if (value === null) delete hop[bound];
  else hop[bound] = value;
  return withCondition(when, 'hop', Object.keys(hop).length === 0 ? undefined : hop);
}

/** A fresh id not used by another policy. */
export function nextPolicyId(policies: readonly Policy[]): string {
  const ids = new Set(policies.map((p) => p.id));
  let n = policies.length + 1;
  while (ids.has(`policy-${n}`)) n++;
  return `policy-${n}`;
}

const showText = (v: string | null) => v ?? '';
const showCount = (v: number | null) => (v === null ? '' : String(v));

function PolicyCard(props: {
  policy: Policy;
  index: number;
  count: number;
  modelNames: readonly string[];
  onChange: (policy: Policy) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { policy, index, count, modelNames, onChange } = props;
  const complexityId = useId();
  const when = policy.when;
  const setWhen = (next: PolicyWhen) => onChange({ ...policy, when: next });
  const name = `Policy ${index + 1}`;
  return (
    <fieldset className="policy-card">
      <legend>
        {name}: {policy.id || '(unnamed)'}
      </legend>
      <TextField
        label="Name"
        value={policy.id}
        format={(v) => v}
        parse={(text) => ({ ok: true, value: text })}
        onChange={(id) => onChange({ ...policy, id })}
      />
      <div className="field-pair">
        <TextField
          label="Hop index from"
          value={when.hop?.min ?? null}
          format={showCount}
          parse={parseOptionalCount}
          onChange={(v) => setWhen(withHop(when, 'min', v))}
          placeholder="any"
        />
        <TextField
          label="Hop index to"
          value={when.hop?.max ?? null}
          format={showCount}
          parse={parseOptionalCount}
          onChange={(v) => setWhen(withHop(when, 'max', v))}
          placeholder="any"
        />
      </div>
      <TextField
        label="Forced tool"
        value={when.forcedTool ?? null}
        format={showText}
        parse={parseOptionalText}
        onChange={(v) => setWhen(withCondition(when, 'forcedTool', v ?? undefined))}
        placeholder="any"
      />
      <TextField
        label="Tool available"
        value={when.toolAvailable ?? null}
        format={showText}
        parse={parseOptionalText}
        onChange={(v) => setWhen(withCondition(when, 'toolAvailable', v ?? undefined))}
        placeholder="any"
      />
      <div className="select-field">
        <label htmlFor={complexityId}>Complexity</label>
        <select
          id={complexityId}
          value={when.complexity ?? 'any'}
          onChange={(e) =>
            setWhen(
              withCondition(
                when,
                'complexity',
                e.target.value === 'any' ? undefined : (e.target.value as Complexity),
              ),
            )
          }
        >
          <option value="any">Any</option>
          <option value="simple">Simple</option>
          <option value="complex">Complex</option>
        </select>
      </div>
      <ModelSelect
        label="Model"
        value={policy.model?.model ?? ''}
        modelNames={modelNames}
        emptyOption="No model (never chooses one)"
        onChange={(model) => {
          const { model: _old, ...rest } = policy;
          onChange(
            model === ''
              ? rest
              : { ...rest, model: { model, thinking: policy.model?.thinking ?? false } },
          );
        }}
      />
      {policy.model !== undefined && (
        <Checkbox
          label="Model thinks"
          checked={policy.model.thinking}
          onChange={(thinking) =>
            policy.model && onChange({ ...policy, model: { ...policy.model, thinking } })
          }
        />
      )}
      <div className="row">
        <button type="button" onClick={() => props.onMove(-1)} disabled={index === 0}>
          Move up <span className="visually-hidden">{name}</span>
        </button>
        <button type="button" onClick={() => props.onMove(1)} disabled={index === count - 1}>
          Move down <span className="visually-hidden">{name}</span>
        </button>
        <button type="button" className="danger" onClick={props.onRemove}>
          Remove <span className="visually-hidden">{name}</span>
        </button>
      </div>
    </fieldset>
  );
}

/** The ordered policy list (seed 001, v8.1.0): conditions on a hop, each with a model. */
export function PolicyEditor({ chosenBy }: { chosenBy: ReadonlyMap<string, number> }) {
  const policies = useAppStore((s) => s.routing.scenario.policies);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const modelNames = useModelNames();
  const setPolicies = (next: Policy[]) => setScenario({ policies: next });

  return (
    <Fold
      title="Policies"
      summary={`${policies.length} ${policies.length === 1 ? 'policy' : 'policies'}, folded.`}
    >
      <p className="note">
        Checked in order on every hop; every condition given must hold. Blank conditions match
        anything.
      </p>
      {policies.length === 0 && <p className="note">No policies: the resolver sees every hop.</p>}
      {policies.map((policy, i) => (
        <div key={i} className="policy-wrap">
          <PolicyCard
            policy={policy}
            index={i}
            count={policies.length}
            modelNames={modelNames}
            onChange={(p) => setPolicies(policies.map((q, j) => (j === i ? p : q)))}
            onMove={(delta) => {
              const next = policies.slice();
              const j = i + delta;
              const a = next[i] as Policy;
              next[i] = next[j] as Policy;
              next[j] = a;
              setPolicies(next);
            }}
            onRemove={() => setPolicies(policies.filter((_, j) => j !== i))}
          />
          <p className="note policy-count">
            Chose the model on {chosenBy.get(`policy:${policy.id}`) ?? 0} hop
            {chosenBy.get(`policy:${policy.id}`) === 1 ? '' : 's'}.
          </p>
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          setPolicies([
            ...policies,
            {
              id: nextPolicyId(policies),
              when: { hop: { min: 1 } },
              model: {
                model: modelNames.includes('claude-haiku-4-5')
                  ? 'claude-haiku-4-5'
                  : (modelNames[0] ?? 'claude-haiku-4-5'),
                thinking: false,
              },
            },
          ])
        }
      >
        Add policy
      </button>
      <PrecedenceNote />
    </Fold>
  );
}
