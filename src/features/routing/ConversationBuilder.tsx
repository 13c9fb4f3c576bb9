import { useId, useMemo, useState } from 'react';
import type { SimTurn } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { formatTokens } from '../../ui/format.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { complexShare, generateTurns, MAX_TURNS, typicalIdleGap, withIdleGap } from './generate.ts';
import { TurnEditor } from './TurnEditor.tsx';

function describeTurn(turn: SimTurn, i: number): string {
  return `Turn ${i + 1}: ${turn.complexity}, ${turn.hops.length} hop${turn.hops.length === 1 ? '' : 's'}, gap ${turn.gapSeconds} s`;
}

/** "N turns like this" with a seeded spread. */
function Generator({ turns }: { turns: readonly SimTurn[] }) {
  const templateId = useId();
  const generator = useAppStore((s) => s.routing.generator);
  const setGenerator = useAppStore((s) => s.setRoutingGenerator);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const template = Math.min(generator.templateTurn, turns.length - 1);
  return (
    <details className="generator">
      <summary>Generate turns like one of these</summary>
      <div className="select-field">
        <label htmlFor={templateId}>Like turn</label>
        <select
          id={templateId}
          value={template}
          onChange={(e) => setGenerator({ templateTurn: Number(e.target.value) })}
        >
          {turns.map((t, i) => (
            <option key={i} value={i}>
              {describeTurn(t, i)}
            </option>
          ))}
        </select>
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
        disabled={turns.length === 0}
        onClick={() => {
          const like = turns[template];
          if (like) setScenario({ turns: generateTurns(like, generator) });
        }}
      >
        Replace with {formatTokens(generator.turnCount)} turns like turn {template + 1}
      </button>
    </details>
  );
}

/** The conversation: system prompt, the idle gap, the generator and one turn at a time. */
export function ConversationBuilder() {
  const turnId = useId();
  const turns = useAppStore((s) => s.routing.scenario.turns);
  const systemTokens = useAppStore((s) => s.routing.scenario.systemTokens);
  const setScenario = useAppStore((s) => s.setRoutingScenario);
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(0, turns.length - 1));
  const turn = turns[current];
  const { hops, idleGap, gapRange } = useMemo(() => {
    const gaps = turns.slice(1).map((t) => t.gapSeconds);
    return {
      hops: turns.reduce((n, t) => n + t.hops.length, 0),
      idleGap: typicalIdleGap(turns),
      gapRange: gaps.some((g) => g !== gaps[0])
        ? { min: Math.min(...gaps), max: Math.max(...gaps) }
        : null,
    };
  }, [turns]);
  const setTurns = (next: SimTurn[]) => setScenario({ turns: next });

  return (
    <>
      <h3>Conversation</h3>
      <p className="note">
        {turns.length} turn{turns.length === 1 ? '' : 's'}, {hops} hop{hops === 1 ? '' : 's'},{' '}
        {Math.round(complexShare(turns) * 100)}% of turns complex.
      </p>
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
      <NumberField
        label="Idle gap between turns"
        value={idleGap}
        onChange={(gap) => setTurns(withIdleGap(turns, gap))}
        min={0}
        max={86_400}
        sliderMax={3_600}
        step={5}
        unit="s"
        hint={
          gapRange
            ? `Gaps now range from ${gapRange.min} to ${gapRange.max} s (the median is shown); a new value sets every gap after the first turn.`
            : 'Sets the gap before every turn after the first.'
        }
      />
      <Generator turns={turns} />
      <div className="select-field">
        <label htmlFor={turnId}>Turn to edit</label>
        <select id={turnId} value={current} onChange={(e) => setSelected(Number(e.target.value))}>
          {turns.map((t, i) => (
            <option key={i} value={i}>
              {describeTurn(t, i)}
            </option>
          ))}
        </select>
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
      {turn && (
        <TurnEditor
          key={current}
          turn={turn}
          index={current}
          onChange={(t) => setTurns(turns.map((u, i) => (i === current ? t : u)))}
        />
      )}
    </>
  );
}
