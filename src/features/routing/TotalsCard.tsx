import { memo } from 'react';
import type { SimTotals } from '../../core/index.ts';
import { Legend } from '../../ui/charts/Legend.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { savingVsBaseline } from '../../domain/baselines.ts';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import type { SimOutcome } from '../../domain/routing-runs.ts';
import { sameRecord } from '../../domain/equality.ts';

/** Where a rejected input is in words: "the strategy", "turn 3, hop 2". */
export function describeField(field: string | null): string {
  if (field === null) return 'the scenario';
  const hop = /^turns\[(\d+)\]\.hops\[(\d+)\]\.(\w+)$/.exec(field);
  if (hop) return `turn ${Number(hop[1]) + 1}, hop ${Number(hop[2]) + 1} (${hop[3]})`;
  const turn = /^turns\[(\d+)\]\.(\w+)$/.exec(field);
  if (turn) return `turn ${Number(turn[1]) + 1} (${turn[2]})`;
  const policy = /^policies\[(\d+)\]\.?(.*)$/.exec(field);
  if (policy) return `policy ${Number(policy[1]) + 1}${policy[2] ? ` (${policy[2]})` : ''}`;
  if (field === 'strategy') return 'a model the strategy can choose';
  if (field.startsWith('strategy.')) return `the strategy (${field})`;
  if (field === 'defaultModel') return 'the default model';
  return field;
}

/** The core's message without its leading "field: " (the alert names the field in words). */
function withoutField(message: string, field: string | null): string {
  const prefix = `${field}: `;
  return field !== null && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

function Term({ label, value, extra }: { label: string; value: string; extra?: string }) {
  return (
    <div className="term">
      <dt>{label}</dt>
      <dd>
        {value}
        {extra && <span className="term-extra"> {extra}</span>}
      </dd>
    </div>
  );
}

const SPLIT = [
  { key: 'inputUsd', label: 'plain input', color: PALETTE.input },
  { key: 'readUsd', label: 'cache reads', color: PALETTE.cacheRead },
  { key: 'writeUsd', label: 'cache writes', color: PALETTE.cacheWrite },
  { key: 'outputUsd', label: 'output', color: PALETTE.output },
  { key: 'classifierUsd', label: 'classifier', color: PALETTE.classifier },
] as const;

/** The total as one bar split by kind (its text equivalent: the Plain input, Cache reads, Cache writes and Output terms). */
function CostSplitBar({ totals }: { totals: SimTotals }) {
  const sum = SPLIT.reduce((acc, s) => acc + totals[s.key], 0);
  if (!(sum > 0)) return null;
  return (
    <div className="cost-split" aria-hidden="true">
      <div className="cost-split-bar">
        {SPLIT.map((s) =>
          totals[s.key] > 0 ? (
            <span
              key={s.key}
              style={{ width: `${(100 * totals[s.key]) / sum}%`, background: s.color }}
              title={`${s.label} ${formatUsd(totals[s.key])}`}
            />
          ) : null,
        )}
      </div>
      <Legend
        items={SPLIT.filter((s) => totals[s.key] > 0).map((s) => ({
          label: s.label,
          color: s.color,
        }))}
      />
    </div>
  );
}

/** Whether two outcomes show the same totals, or fail alike (hops may differ, such as their clock). */
function sameTotals(a: SimOutcome, b: SimOutcome): boolean {
  if (a === b) return true;
  if (a.ok && b.ok) return sameRecord(a.result.totals, b.result.totals);
  if (!a.ok && !b.ok) return a.field === b.field && a.message === b.message;
  return false;
}

interface TotalsCardProps {
  main: SimOutcome;
  reference: SimOutcome;
  defaultModel: string;
}

/**
 * The strategy's totals beside the default model's every-hop baseline, in a
 * live region; a scenario the core rejects is named in an alert instead.
 * Rendered again only when a total changes: an idle-gap step moves every
 * hop's clock, which the card does not show.
 */
export const TotalsCard = memo(
  function TotalsCard(props: TotalsCardProps) {
    const { main, reference, defaultModel } = props;
    const failed = !main.ok ? main : null;
    const total = main.ok ? main.result.totals : null;
    const baselineUsd = reference.ok ? reference.result.totals.totalUsd : null;
    const saving =
      total !== null && baselineUsd !== null ? savingVsBaseline(baselineUsd, total.totalUsd) : null;
    const savingUsd = saving?.savingUsd ?? null;
    const savingPct = saving?.savingFraction ?? null;

    let verdict: string;
    if (total === null) verdict = 'No totals until the routing can be priced.';
    else if (savingUsd === null)
      verdict = `The baseline cannot be priced: ${reference.ok ? '' : reference.message}.`;
    else if (savingUsd > 0)
      verdict = `Routing saves ${formatUsd(savingUsd)} (${formatPercent(savingPct ?? 0)}) against every hop on ${defaultModel}.`;
    else if (savingUsd < 0)
      verdict = `Routing costs ${formatUsd(-savingUsd)} more (${formatPercent(-(savingPct ?? 0))}) than every hop on ${defaultModel}: the saving is gone.`;
    else verdict = `Routing costs the same as every hop on ${defaultModel}.`;

    return (
      <section className="card routing-totals" aria-labelledby="routing-totals-h">
        <h2 id="routing-totals-h">Totals</h2>
        {failed && (
          <p role="alert" className="form-error">
            This routing cannot be priced: {describeField(failed.field)} —{' '}
            {withoutField(failed.message, failed.field)}. Add the model on the Prices tab or choose
            another one; your inputs are kept.
          </p>
        )}
        <div role="status" aria-live="polite">
          {total !== null && (
            <dl className="terms">
              <Term label="Total cost" value={formatUsd(total.totalUsd)} />
              <Term
                label={`Baseline: every hop on ${defaultModel}`}
                value={baselineUsd === null ? '—' : formatUsd(baselineUsd)}
              />
              <Term
                label="Saving vs. baseline"
                value={savingUsd === null ? '—' : formatUsd(savingUsd)}
                {...(savingPct === null ? {} : { extra: `(${formatPercent(savingPct)})` })}
              />
              <Term label="Plain input" value={formatUsd(total.inputUsd)} />
              <Term label="Cache reads" value={formatUsd(total.readUsd)} />
              <Term label="Cache writes" value={formatUsd(total.writeUsd)} />
              <Term label="Output" value={formatUsd(total.outputUsd)} />
              <Term label="Cache hit rate" value={formatPercent(total.cacheHitRate)} />
              <Term label="Model switches" value={String(total.modelSwitches)} />
              <Term
                label="Resolver calls"
                value={String(total.resolverCalls)}
                extra={`(classifier ${formatUsd(total.classifierUsd)})`}
              />
              <Term label="Forced tools dropped" value={String(total.forceDropped)} />
            </dl>
          )}
          {total !== null && <CostSplitBar totals={total} />}
          <p className={`routing-verdict ${savingUsd !== null && savingUsd < 0 ? 'loss' : ''}`}>
            {verdict}
          </p>
        </div>
      </section>
    );
  },
  (a: TotalsCardProps, b: TotalsCardProps) =>
    a.defaultModel === b.defaultModel &&
    sameTotals(a.main, b.main) &&
    sameTotals(a.reference, b.reference),
);
