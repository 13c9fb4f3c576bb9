import { memo, useCallback, useId, useMemo, useState } from 'react';
import type { SimTurn } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { formatTokens } from '../../ui/format.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { complexShare, generateTurns, MAX_TURNS, typicalIdleGap, withIdleGap } from './generate.ts';
import { GAP_FIELD } from './fields.tsx';
import { TurnEditor } from './TurnEditor.tsx';
import { useDeferredWhen } from './use-deferred-when.ts';

function describeTurn(turn: SimTurn, i: number): string {
  return `Turn ${i + 1}: ${turn.complexity}, ${turn.hops.length} hop${turn.hops.length === 1 ? '' : 's'}, gap ${turn.gapSeconds} s`;
}

/**
 * Turn lists longer than this are relabelled in a deferred render: a
 * conversation of two thousand turns relabels its options after the slider
 * has repainted. A short list is relabelled with the edit itself, which costs
 * less than the second render a deferred value always brings.
 */
const LONG_TURN_LIST = 100;

/** A select with one option per turn (the labels show each gap). */
const TurnSelect = memo(function TurnSelect(props: {
  id: string;
  turns: readonly SimTurn[];
  value: number;
  onChange: (index: number) => void;
}) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {props.turns.map((t, i) => (
        <option key={i} value={i}>
          {describeTurn(t, i)}
        </option>
      ))}
    </select>
  );
});

const currentTurns = () => useAppStore.getState().routing.scenario.turns;

/** The "Like turn" select: its own component, so new turn labels do not re-render the generator's fields. */
function TemplateSelect({ id, template }: { id: string; template: number }) {
  const setGenerator = useAppStore((s) => s.setRoutingGenerator);
  const turns = useAppStore((s) => s.routing.scenario.turns);
  const listTurns = useDeferredWhen(turns, turns.length > LONG_TURN_LIST);
  const choose = useCallback(
    (templateTurn: number) => setGenerator({ templateTurn }),
    [setGenerator],
  );
  return <TurnSelect id={id} turns={listTurns} value={template} onChange={choose} />;
}

/** "N turns like this" with a seeded spread. */
function Generator() {
  const templateId = useId();
  const turnTotal = useAppStore((s) => s.routing.scenario.turns.length);
  const generator = useAppStore((s) => s.routing.generator);
  const setGenerator = useAppStore((s) => s.setRoutingGenerator);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const template = Math.min(generator.templateTurn, turnTotal - 1);
  return (
    <details className="generator">
      <summary>Generate turns like one of these</summary>
      <div className="select-field">
        <label htmlFor={templateId}>Like turn</label>
        <TemplateSelect id={templateId} template={template} />
      </div>
      <NumberField
        label="Turns to generate"
        value={generator.turnCount}
        onChange={(turnCount) => setGenerator({ turnCount })}
        min={1}
        max={MAX_TURNS}
        sliderMax={500}
        integer
      />
      <NumberField
        label="Spread"
        value={generator.spreadPct}
        onChange={(spreadPct) => setGenerator({ spreadPct })}
        min={0}
        max={95}
        unit="%"
        hint="Each gap, token count and latency varies uniformly by up to ± this much; the tool loop between the first and last hop stretches or shrinks too."
      />
      <NumberField
        label="Complex share"
        value={generator.complexSharePct}
        onChange={(complexSharePct) => setGenerator({ complexSharePct })}
        min={0}
        max={100}
        unit="%"
      />
      <NumberField
        label="Seed"
        value={generator.seed}
        onChange={(seed) => setGenerator({ seed })}
        min={0}
        max={4_294_967_295}
        integer
        noSlider
        hint="The same seed and settings always give the same turns."
      />
      <button
        type="button"
        className="primary"
        disabled={turnTotal === 0}
        onClick={() => {
          const like = currentTurns()[template];
          if (like) setScenario({ turns: generateTurns(like, generator) });
        }}
      >
        Replace with {formatTokens(generator.turnCount)} turns like turn {template + 1}
      </button>
    </details>
  );
}

/** How many turns and hops, and how many turns are complex. */
function ConversationSize() {
  const turns = useAppStore((s) => s.routing.scenario.turns);
  const hops = useMemo(() => turns.reduce((n, t) => n + t.hops.length, 0), [turns]);
  const share = useMemo(() => complexShare(turns), [turns]);
  return (
    <p className="note">
      {turns.length} turn{turns.length === 1 ? '' : 's'}, {hops} hop{hops === 1 ? '' : 's'},{' '}
      {Math.round(share * 100)}% of turns complex.
    </p>
  );
}

function SystemPromptField() {
  const systemTokens = useAppStore((s) => s.routing.scenario.systemTokens);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  return (
    <NumberField
      label="System prompt"
      value={systemTokens}
      onChange={(v) => setScenario({ systemTokens: v })}
      min={0}
      max={500_000}
      sliderMax={50_000}
      step={500}
      integer
      unit="tokens"
    />
  );
}

/** One slider for every gap after the first turn, showing the median. */
function IdleGapField() {
  const turns = useAppStore((s) => s.routing.scenario.turns);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const { idleGap, gapRange } = useMemo(() => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 1; i < turns.length; i++) {
      const gap = (turns[i] as SimTurn).gapSeconds;
      if (gap < min) min = gap;
      if (gap > max) max = gap;
    }
    return { idleGap: typicalIdleGap(turns), gapRange: min < max ? { min, max } : null };
  }, [turns]);
  return (
    <NumberField
      label="Idle gap between turns"
      value={idleGap}
      onChange={(gap) => setScenario({ turns: withIdleGap(currentTurns(), gap) })}
      {...GAP_FIELD}
      hint={
        gapRange
          ? `Gaps now range from ${gapRange.min} to ${gapRange.max} s (the median is shown); a new value sets every gap after the first turn.`
          : 'Sets the gap before every turn after the first.'
      }
    />
  );
}

/** The turn picker, duplicate and remove, and the chosen turn's editor. */
function TurnSection() {
  const turnId = useId();
  const turns = useAppStore((s) => s.routing.scenario.turns);
  // A long list's labels follow the edits a render later (see TurnSelect).
  const listTurns = useDeferredWhen(turns, turns.length > LONG_TURN_LIST);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(0, turns.length - 1));
  const turn = turns[current];
  const setTurns = (next: SimTurn[]) => setScenario({ turns: next });
  // Stable while the same turn is chosen, so the editor re-renders only when its turn changes.
  const changeTurn = useCallback(
    (t: SimTurn) => setScenario({ turns: currentTurns().map((u, i) => (i === current ? t : u)) }),
    [current, setScenario],
  );

  return (
    <>
      <div className="select-field">
        <label htmlFor={turnId}>Turn to edit</label>
        <TurnSelect id={turnId} turns={listTurns} value={current} onChange={setSelected} />
      </div>
      <div className="row">
        <button
          type="button"
          disabled={turn === undefined || turns.length >= MAX_TURNS}
          onClick={() => {
            if (!turn) return;
            setTurns([...turns.slice(0, current + 1), turn, ...turns.slice(current + 1)]);
            setSelected(current + 1);
          }}
        >
          Duplicate turn {current + 1}
        </button>
        <button
          type="button"
          className="danger"
          disabled={turns.length <= 1}
          onClick={() => setTurns(turns.filter((_, i) => i !== current))}
        >
          Remove turn {current + 1}
        </button>
      </div>
      {turn && <TurnEditor key={current} turn={turn} index={current} onChange={changeTurn} />}
    </>
  );
}

/**
 * The conversation: system prompt, the idle gap, the generator and one turn at
 * a time. Each part subscribes to what it shows, so a step of the idle-gap
 * slider re-renders the slider, the turn editor's gap and the turn labels only.
 */
export function ConversationBuilder() {
  return (
    <>
      <h3>Conversation</h3>
      <ConversationSize />
      <SystemPromptField />
      <IdleGapField />
      <Generator />
      <TurnSection />
    </>
  );
}
