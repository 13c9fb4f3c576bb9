import { memo } from 'react';
import type { BudgetReport } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { formatTokens } from '../../ui/format.ts';
import type { WaysOut } from './evaluate.ts';
import { boundedIds, ID_LIST_SHOWN, IdList } from './IdList.tsx';
import { useValue } from '../../state/derive.ts';
import { budgetOutcome, rowsAnalysis } from './use-budget.ts';

/** "a", "a or b", "a, b or c". */
export function joinWords(words: readonly string[], last = 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatTokens(n)} ${n === 1 ? one : many}`;
}

/** The core's `BudgetReport`, field by field, under the core's own names. */
function ReportList({ report }: { report: BudgetReport }) {
  return (
    <dl className="budget-report">
      <div>
        <dt>limit</dt>
        <dd>{report.limit === null ? 'null (unbounded)' : formatTokens(report.limit)}</dd>
      </div>
      <div>
        <dt>totalTokens</dt>
        <dd>{formatTokens(report.totalTokens)}</dd>
      </div>
      <div>
        <dt>admitted</dt>
        <dd>
          <IdList ids={report.admitted} what="admitted rows" />
        </dd>
      </div>
      <div>
        <dt>dropped</dt>
        <dd>
          <IdList ids={report.dropped} what="dropped rows" />
        </dd>
      </div>
    </dl>
  );
}

/** The sentence naming the two ways out of a failed compile. */
export function waysOutSentence(ways: WaysOut): string {
  const raise = `raise the budget by ${plural(ways.raiseBy, 'token')} (to ${formatTokens(ways.raiseTo)})`;
  const unpin =
    ways.unpinOne.length > 0
      ? `unpin ${joinWords(ways.unpinOne)}`
      : `unpin ${joinWords(ways.unpinSeveral, 'and')} (no single row frees enough)`;
  return `Two ways out: ${raise}, or ${unpin}.`;
}

function OkSummary({ rowCount: n, report }: { rowCount: number; report: BudgetReport }) {
  if (report.limit === null) {
    return (
      <p className="verdict">
        <span className="verdict-label">Compiles</span>
        <span>
          Unbounded: all {plural(n, 'row')} admitted, {plural(report.totalTokens, 'token')}.
        </span>
      </p>
    );
  }
  const headroom = report.limit - report.totalTokens;
  return (
    <>
      <p className="verdict">
        <span className="verdict-label">Compiles</span>
        <span>
          {report.admitted.length} of {plural(n, 'row')} admitted:{' '}
          {formatTokens(report.totalTokens)} of {plural(report.limit, 'token')} used
          {report.dropped.length > 0
            ? `; ${plural(headroom, 'token')} of headroom left unused by dropping whole rows.`
            : ' — everything fits.'}
        </span>
      </p>
      <p>
        {report.dropped.length === 0
          ? 'Dropped: none.'
          : `Dropped: ${boundedIds(report.dropped)}${report.dropped.length > ID_LIST_SHOWN ? ' (every id under the core’s BudgetReport below)' : ''}.`}
      </p>
    </>
  );
}

/** The decision (role="status"): admitted and dropped rows, or why the compile fails. */
export const DecisionCard = memo(function DecisionCard() {
  const setBudget = useAppStore((s) => s.setBudget);
  const rows = useAppStore((s) => s.budget.rows);
  const outcome = useValue(budgetOutcome);
  const rowCount = useValue(rowsAnalysis).coreRows.length;
  const unpin = (id: string) =>
    setBudget({ rows: rows.map((r) => (r.contributionId === id ? { ...r, pinned: false } : r)) });
  const tone =
    outcome.kind === 'ok' ? (outcome.report.dropped.length > 0 ? 'keep' : 'fire') : 'loss';

  return (
    <section className={`card decision budget-decision ${tone}`} aria-label="Decision">
      <div role="status" aria-live="polite">
        {outcome.kind === 'ok' && <OkSummary rowCount={rowCount} report={outcome.report} />}
        {outcome.kind === 'pinnedExceeds' && (
          <>
            <p className="verdict">
              <span className="verdict-label">Compile fails</span>
              <span className="badge bad">BudgetExceededError</span>
            </p>
            <p className="reason budget-error-message">{outcome.error.message}</p>
            <p>{waysOutSentence(outcome.waysOut)}</p>
          </>
        )}
        {outcome.kind === 'invalid' && (
          <>
            <p className="verdict">
              <span className="verdict-label">No decision</span>
              <span className="badge bad">fix the rows</span>
            </p>
            <p>{outcome.message}</p>
          </>
        )}
      </div>
      {outcome.kind === 'pinnedExceeds' && (
        <div className="row budget-ways-out">
          <button
            type="button"
            className="primary"
            onClick={() => setBudget({ maxTotalTokens: outcome.waysOut.raiseTo, unbounded: false })}
          >
            Raise budget to {formatTokens(outcome.waysOut.raiseTo)}
          </button>
          {(outcome.waysOut.unpinOne.length > 0
            ? outcome.waysOut.unpinOne
            : outcome.waysOut.unpinSeveral.slice(0, 1)
          ).map((id) => (
            <button key={id} type="button" onClick={() => unpin(id)}>
              Unpin {id}
            </button>
          ))}
        </div>
      )}
      {outcome.kind === 'ok' && (
        <details className="seed-note" open>
          <summary>The core&apos;s BudgetReport</summary>
          <ReportList report={outcome.report} />
        </details>
      )}
    </section>
  );
});
