import { memo, useId } from 'react';
import type { Complexity, SimHop, SimTurn } from '../../core/index.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { GAP_FIELD, parseNameList, parseOptionalText, TextField } from './fields.tsx';
import { MAX_HOPS_PER_TURN } from '../../model/generate-turns.ts';

const MAX_TOKENS = 2_000_000;

const showList = (names: readonly string[] | null | undefined) => (names ?? []).join(', ');
const showText = (v: string | null) => v ?? '';

function HopFields(props: {
  hop: SimHop;
  index: number;
  onChange: (hop: SimHop) => void;
  onRemove: (() => void) | null;
}) {
  const { hop, index, onChange } = props;
  return (
    <fieldset className="hop-card">
      <legend>Hop {index + 1}</legend>
      <NumberField
        label="Output tokens"
        value={hop.outputTokens}
        onChange={(outputTokens) => onChange({ ...hop, outputTokens })}
        min={0}
        max={MAX_TOKENS}
        integer
        noSlider
      />
      <NumberField
        label="Thinking tokens"
        value={hop.thinkingTokens}
        onChange={(thinkingTokens) => onChange({ ...hop, thinkingTokens })}
        min={0}
        max={MAX_TOKENS}
        integer
        noSlider
        hint={index === 0 ? 'Billed only on hops whose model thinks.' : undefined}
      />
      <NumberField
        label="Tool-result tokens"
        value={hop.toolResultTokens}
        onChange={(toolResultTokens) => onChange({ ...hop, toolResultTokens })}
        min={0}
        max={MAX_TOKENS}
        integer
        noSlider
      />
      <NumberField
        label="Latency"
        value={hop.latencySeconds}
        onChange={(latencySeconds) => onChange({ ...hop, latencySeconds })}
        min={0}
        max={3_600}
        step={0.5}
        unit="s"
        noSlider
      />
      <TextField
        label="Forced tool"
        value={hop.forcedTool ?? null}
        format={showText}
        parse={parseOptionalText}
        onChange={(forcedTool) => onChange({ ...hop, forcedTool })}
        placeholder="none"
      />
      {props.onRemove && (
        <button type="button" className="danger" onClick={props.onRemove}>
          Remove hop {index + 1}
        </button>
      )}
    </fieldset>
  );
}

/** Every field of one turn: the gap before it, the user's message, its label, tools and hops; memoised, so it re-renders only when its turn changes. */
export const TurnEditor = memo(function TurnEditor(props: {
  turn: SimTurn;
  index: number;
  onChange: (turn: SimTurn) => void;
}) {
  const { turn, index, onChange } = props;
  const complexityId = useId();
  const setHop = (i: number, hop: SimHop) =>
    onChange({ ...turn, hops: turn.hops.map((h, j) => (j === i ? hop : h)) });
  return (
    <div className="turn-editor">
      <NumberField
        label="Gap before this turn"
        value={turn.gapSeconds}
        onChange={(gapSeconds) => onChange({ ...turn, gapSeconds })}
        {...GAP_FIELD}
        hint={
          index === 0
            ? 'The clock starts at the first turn; its gap only delays everything.'
            : undefined
        }
      />
      <NumberField
        label="User tokens"
        value={turn.userTokens}
        onChange={(userTokens) => onChange({ ...turn, userTokens })}
        min={0}
        max={MAX_TOKENS}
        integer
        noSlider
      />
      <div className="select-field">
        <label htmlFor={complexityId}>Complexity</label>
        <select
          id={complexityId}
          value={turn.complexity}
          onChange={(e) => onChange({ ...turn, complexity: e.target.value as Complexity })}
        >
          <option value="simple">Simple</option>
          <option value="complex">Complex</option>
        </select>
      </div>
      <TextField
        label="Tools available"
        value={turn.toolNames ?? null}
        format={showList}
        parse={parseNameList}
        onChange={(toolNames) => onChange({ ...turn, toolNames })}
        placeholder="none"
        hint="Comma-separated; policies can test for a tool here."
      />
      {turn.hops.map((hop, i) => (
        <HopFields
          key={i}
          hop={hop}
          index={i}
          onChange={(h) => setHop(i, h)}
          onRemove={
            turn.hops.length > 1
              ? () => onChange({ ...turn, hops: turn.hops.filter((_, j) => j !== i) })
              : null
          }
        />
      ))}
      <button
        type="button"
        disabled={turn.hops.length >= MAX_HOPS_PER_TURN}
        onClick={() => {
          const last = turn.hops[turn.hops.length - 1];
          const hop: SimHop = last
            ? { ...last, forcedTool: null }
            : { outputTokens: 200, thinkingTokens: 0, toolResultTokens: 0, latencySeconds: 3 };
          onChange({ ...turn, hops: [...turn.hops, hop] });
        }}
      >
        Add hop
      </button>
    </div>
  );
});
