import { memo, useCallback, useId, useState } from 'react';
import type { SimTurn } from '../../core/index.ts';
import { generateTurns, MAX_TURNS, withIdleGap } from '../../model/generate-turns.ts';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import { formatPlain, formatTokens } from '../../ui/format.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { conversationSize, idleGapSummary } from './derived.ts';
import { bulkEdit } from './bulk-undo.ts';
import { BulkUndoNote } from './BulkUndoNote.tsx';
import { GAP_FIELD } from './fields.tsx';
import { Fold } from '../../ui/Fold.tsx';
import { TurnEditor } from './TurnEditor.tsx';
import { LABELS_PER_TASK, useTurnLabels } from './use-routing-analysis.ts';

/** Whether `a` and `b` hold the same labels from `start` to `end`. */
function sameRange(a: readonly string[], b: readonly string[], start: number, end: number) {
  if (a === b) return true;
  for (let i = start; i < end; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The options of labels `start` to `end`: re-rendered only when one of its
 * labels changes, so relabelling a long list a chunk at a time renders that
 * chunk's options, not all of them.
 */
const OptionRange = memo(
  function OptionRange(props: { labels: readonly string[]; start: number; end: number }) {
    const options = [];
    for (let i = props.start; i < props.end; i++)
      options.push(
        <option key={i} value={i}>
          {props.labels[i]}
        </option>,
      );
    return <>{options}</>;
  },
  (a, b) => a.start === b.start && a.end === b.end && sameRange(a.labels, b.labels, a.start, a.end),
);

/** A select with one option per turn (the labels show each gap). */
const TurnSelect = memo(function TurnSelect(props: {
  id: string;
  labels: readonly string[];
  value: number;
  onChange: (index: number) => void;
}) {
  const ranges = [];
  for (let start = 0; start < props.labels.length; start += LABELS_PER_TASK) {
    const end = Math.min(props.labels.length, start + LABELS_PER_TASK);
    ranges.push(<OptionRange key={start} labels={props.labels} start={start} end={end} />);
  }
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {ranges}
    </select>
  );
});

const currentTurns = () => useAppStore.getState().routing.scenario.turns;

/** The "Like turn" select: its own component, so new turn labels do not re-render the generator's fields. */
function TemplateSelect({ id, template }: { id: string; template: number }) {
  const setGenerator = useAppStore((s) => s.setRoutingGenerator);
  // Two thousand options relabel after the slider has repainted, in a render React can interrupt.
  const labels = useTurnLabels();
  const choose = useCallback(
    (templateTurn: number) => setGenerator({ templateTurn }),
    [setGenerator],
  );
  return <TurnSelect id={id} labels={labels} value={template} onChange={choose} />;
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
          if (!like) return;
          bulkEdit(
            'conversation',
            null,
            {
              text: `Replaced the conversation with ${formatTokens(generator.turnCount)} turns like turn ${template + 1}.`,
              undone: 'Restored the previous turns.',
            },
            () => setScenario({ turns: generateTurns(like, generator) }),
          );
        }}
      >
        Replace with {formatTokens(generator.turnCount)} turns like turn {template + 1}
      </button>
    </details>
  );
}

/** How many turns and hops, and how many turns are complex. */
function ConversationSize() {
  const { turnCount, hops, share } = useValue(conversationSize);
  return (
    <p className="note">
      {turnCount} turn{turnCount === 1 ? '' : 's'}, {hops} hop{hops === 1 ? '' : 's'},{' '}
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
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const { idleGap, gapRange } = useValue(idleGapSummary);
  return (
    <NumberField
      label="Idle gap between turns"
      value={idleGap}
      onChange={(gap) =>
        bulkEdit(
          'conversation',
          'idleGap',
          {
            text: `Set every turn's idle gap to ${formatPlain(gap)} s.`,
            undone: "Restored each turn's previous idle gap.",
          },
          () => setScenario({ turns: withIdleGap(currentTurns(), gap) }),
        )
      }
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
  // A long list's labels follow the edits in a render React can interrupt (see TurnSelect).
  const labels = useTurnLabels();
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
        <TurnSelect id={turnId} labels={labels} value={current} onChange={setSelected} />
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
          onClick={() =>
            bulkEdit(
              'conversation',
              null,
              { text: `Removed turn ${current + 1}.`, undone: `Restored turn ${current + 1}.` },
              () => setTurns(turns.filter((_, i) => i !== current)),
            )
          }
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
  const { turnCount, hops } = useValue(conversationSize);
  return (
    <Fold
      title="Conversation"
      summary={`${turnCount} turn${turnCount === 1 ? '' : 's'}, ${hops} hop${hops === 1 ? '' : 's'}, folded.`}
    >
      <ConversationSize />
      <SystemPromptField />
      <IdleGapField />
      <BulkUndoNote place="conversation" />
      <Generator />
      <TurnSection />
    </Fold>
  );
}
