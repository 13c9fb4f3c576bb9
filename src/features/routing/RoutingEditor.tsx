import { useId } from 'react';
import type { ModelConfig } from '../../core/index.ts';
import { useModelNames, usePricing } from '../../state/selectors.ts';
import type { CacheTtlChoice, RoutingPresetId } from '../../model/routing.ts';
import { useAppStore } from '../../state/store.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { Checkbox, ModelSelect } from './fields.tsx';
import { ROUTING_PRESET_LIST, routingPreset } from '../../model/routing-presets.ts';
import { useValue } from '../../state/derive.ts';
import { bulkEdit } from './bulk-undo.ts';
import { BulkUndoNote } from './BulkUndoNote.tsx';
import { shownPresetValue } from './preset-match.ts';
import { DispatchContextNote, PerProcessNote, ReflectionNote, StampsNote } from './SeedNotes.tsx';
import {
  cheapModel,
  INNER_KINDS,
  innerOfKind,
  joinStrategy,
  splitStrategy,
  type InnerKind,
  type InnerStrategy,
} from './strategy-edit.ts';

const FIVE_MINUTES = 300;
const ONE_HOUR = 3_600;

/** Which TTL option is shown: a stored `custom` stays custom even at 300 or 3600 seconds. */
export function ttlChoiceOf(choice: CacheTtlChoice, ttlSeconds: number): CacheTtlChoice {
  if (choice === 'custom') return 'custom';
  if (ttlSeconds === FIVE_MINUTES) return 'fiveMinutes';
  if (ttlSeconds === ONE_HOUR) return 'oneHour';
  return 'custom';
}

/**
 * The Conversation preset select: loading one replaces the conversation and
 * the routing (with an undo). It names a preset only while the lab is that
 * preset; after the scenario bar loads something else it shows its placeholder.
 */
export function PresetSelect() {
  const id = useId();
  const shown = useValue(shownPresetValue);
  const loadRouting = useAppStore((s) => s.loadRouting);
  const choose = (value: string) => {
    if (value === 'custom' || value === '') return;
    const preset = routingPreset(value as RoutingPresetId);
    bulkEdit(
      'preset',
      null,
      {
        text: `Loaded the conversation preset “${preset.label}”.`,
        undone: 'Restored the conversation and routing from before the preset.',
      },
      () => loadRouting(preset.build()),
    );
  };
  return (
    <div className="select-field">
      <label htmlFor={id}>Conversation preset</label>
      <select
        id={id}
        value={shown}
        aria-describedby={`${id}-h`}
        onChange={(e) => choose(e.target.value)}
      >
        {shown === '' && <option value="">Choose a conversation…</option>}
        {shown === 'custom' && <option value="custom">Custom (edited)</option>}
        {ROUTING_PRESET_LIST.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <p id={`${id}-h`} className="field-hint">
        Choosing a preset replaces the conversation and the routing.
      </p>
      <BulkUndoNote place="preset" />
    </div>
  );
}

function ModelWithThinking(props: {
  label: string;
  thinkingLabel: string;
  config: ModelConfig;
  modelNames: readonly string[];
  onChange: (config: ModelConfig) => void;
}) {
  const { config } = props;
  return (
    <>
      <ModelSelect
        label={props.label}
        value={config.model}
        modelNames={props.modelNames}
        onChange={(model) => props.onChange({ ...config, model })}
      />
      <Checkbox
        label={props.thinkingLabel}
        checked={config.thinking}
        onChange={(thinking) => props.onChange({ ...config, thinking })}
      />
    </>
  );
}

function InnerStrategyFields(props: {
  inner: InnerStrategy;
  modelNames: readonly string[];
  onChange: (inner: InnerStrategy) => void;
}) {
  const { inner, modelNames, onChange } = props;
  switch (inner.kind) {
    case 'none':
      return (
        <p className="note">
          No resolver: every hop a policy does not claim goes to the default model.
        </p>
      );
    case 'fixed':
      return (
        <ModelWithThinking
          label="Fixed model"
          thinkingLabel="Fixed model thinks"
          config={inner.model}
          modelNames={modelNames}
          onChange={(model) => onChange({ ...inner, model })}
        />
      );
    case 'hopAware':
      return (
        <>
          <ModelSelect
            label="Hop-aware model"
            value={inner.model}
            modelNames={modelNames}
            onChange={(model) => onChange({ ...inner, model })}
          />
          <p className="note">
            Thinks on the first hop of each turn (hop index 0), not on later hops.
          </p>
        </>
      );
    case 'complexity':
      return (
        <>
          <ModelWithThinking
            label="Model for complex turns"
            thinkingLabel="Complex turns think"
            config={inner.complex}
            modelNames={modelNames}
            onChange={(complex) => onChange({ ...inner, complex })}
          />
          <ModelWithThinking
            label="Model for simple turns"
            thinkingLabel="Simple turns think"
            config={inner.simple}
            modelNames={modelNames}
            onChange={(simple) => onChange({ ...inner, simple })}
          />
          <NumberField
            label="Classifier cost per call"
            value={inner.classifierUsd}
            onChange={(classifierUsd) => onChange({ ...inner, classifierUsd })}
            min={0}
            max={1}
            sliderMax={0.01}
            step={0.0001}
            unit="USD"
            hint="Charged on every resolver call, also when a sticky wrapper abstains."
          />
        </>
      );
  }
}

/** The resolver setup: default model, strategy, sticky wrapper, and the prompt-cache rules. */
export function RoutingEditor() {
  const strategyId = useId();
  const ttlId = useId();
  // A field per selector: editing the conversation does not re-render the resolver's fields.
  const strategy = useAppStore((s) => s.routing.scenario.strategy);
  const defaultModel = useAppStore((s) => s.routing.scenario.defaultModel);
  const cacheTtlSeconds = useAppStore((s) => s.routing.scenario.cacheTtlSeconds);
  const thinkingInvalidatesCache = useAppStore((s) => s.routing.scenario.thinkingInvalidatesCache);
  const ttlChoice = useAppStore((s) => s.routing.cacheTtlChoice);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const setCacheTtl = useAppStore((s) => s.setCacheTtl);
  const modelNames = useModelNames();
  const pricing = usePricing();
  const parts = splitStrategy(strategy);
  const ttlSeconds = cacheTtlSeconds ?? FIVE_MINUTES;
  const shownChoice = ttlChoiceOf(ttlChoice, ttlSeconds);

  const setParts = (patch: Partial<typeof parts>) =>
    setScenario({ strategy: joinStrategy({ ...parts, ...patch }) });
  const chooseKind = (kind: InnerKind) => {
    const cheap = cheapModel(modelNames, (m) => pricing[m]?.input ?? Infinity, defaultModel.model);
    setParts({ inner: innerOfKind(kind, parts.inner, defaultModel, cheap) });
  };

  return (
    <>
      <h3>Resolver</h3>
      <ModelWithThinking
        label="Default model"
        thinkingLabel="Default model thinks"
        config={defaultModel}
        modelNames={modelNames}
        onChange={(defaultModel) => setScenario({ defaultModel })}
      />
      <div className="select-field">
        <label htmlFor={strategyId}>Strategy</label>
        <select
          id={strategyId}
          value={parts.inner.kind}
          onChange={(e) => chooseKind(e.target.value as InnerKind)}
        >
          {INNER_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <InnerStrategyFields
        inner={parts.inner}
        modelNames={modelNames}
        onChange={(inner) => setParts({ inner })}
      />
      <Checkbox
        label="Sticky with TTL"
        checked={parts.sticky}
        onChange={(sticky) => setParts({ sticky })}
        hint="Use the strategy’s choice only while that model’s last cache write is younger than the sticky TTL; otherwise abstain to the default model."
      />
      {parts.sticky && (
        <NumberField
          label="Sticky TTL"
          value={parts.stickyTtlSeconds}
          onChange={(stickyTtlSeconds) => setParts({ stickyTtlSeconds })}
          min={0}
          max={86_400}
          sliderMax={3_600}
          step={10}
          unit="s"
        />
      )}
      <DispatchContextNote />
      <StampsNote />
      <ReflectionNote />

      <h3>Prompt cache</h3>
      <div className="select-field">
        <label htmlFor={ttlId}>Cache TTL</label>
        <select
          id={ttlId}
          value={shownChoice}
          onChange={(e) => {
            const choice = e.target.value as CacheTtlChoice;
            const seconds =
              choice === 'fiveMinutes'
                ? FIVE_MINUTES
                : choice === 'oneHour'
                  ? ONE_HOUR
                  : ttlSeconds;
            setCacheTtl(choice, seconds);
          }}
        >
          <option value="fiveMinutes">5 minutes</option>
          <option value="oneHour">1 hour</option>
          <option value="custom">Custom</option>
        </select>
      </div>
      {shownChoice === 'custom' && (
        <NumberField
          label="Custom TTL"
          value={ttlSeconds}
          onChange={(seconds) => setCacheTtl('custom', seconds)}
          min={0}
          max={86_400}
          sliderMax={7_200}
          step={10}
          unit="s"
          hint="Over 300 s, cache writes are priced at the model’s 1-hour rate where it has one."
        />
      )}
      <Checkbox
        label="Thinking change invalidates cache"
        checked={thinkingInvalidatesCache ?? true}
        onChange={(thinkingInvalidatesCache) => setScenario({ thinkingInvalidatesCache })}
        hint="When on, a hop whose thinking setting differs from the cached one reads only the system prompt from cache."
      />
      <PerProcessNote />
    </>
  );
}
