import type { ReactNode } from 'react';
import type { ScenarioData } from '../../model/scenario.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatNumber, formatPercent, formatTokens, withArticle } from '../../ui/format.ts';
import { PRICE_BOOK_LABEL } from '../../domain/price-book-meta.ts';
import type { AssumptionFacts, PricesUsedTable } from './report-assumptions-data.ts';

export { modelsInPlay } from './report-assumptions-data.ts';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <strong>{label}:</strong> {children}
    </li>
  );
}

/**
 * The assumptions behind every figure of the report, in words: the price
 * rows of the models in play and of the traffic's figures, the gate's inputs and thresholds, the policy
 * comparison's basis, the budget's limit and estimator, and the routing
 * conversation, cache TTL and baseline.
 */
export function ReportAssumptions({
  data,
  facts,
  policyWords,
  prices,
}: {
  data: ScenarioData;
  /** The hop count, TTL and prices used (the report's node derives them). */
  facts: AssumptionFacts;
  /** The policy comparison's basis in words (empty when it could not be computed). */
  policyWords: readonly string[];
  /** The "Prices used" table: the scenario's rows and the traffic's. */
  prices: PricesUsedTable;
}) {
  const g = data.gate;
  const pop = g.population;
  const b = data.budget;
  const r = data.routing.scenario;
  const { hops, ttlSeconds: ttl } = facts;
  const bookRows = prices.rows.some((r) => r.fromBook);
  return (
    <div className="report-assumptions">
      <ul>
        <Line label="Offload gate">
          {withArticle(`${formatTokens(g.outputTokens)}-token`)} output on {g.modelName}, horizon{' '}
          {formatNumber(g.horizon)} turns, p_recall {formatNumber(g.recallProbability, 3)};
          large-offload threshold {formatTokens(g.largeOffloadThresholdTokens)}, stub{' '}
          {formatTokens(g.stubTokens)}, recall hop {formatTokens(g.recallInputTokens)} in /{' '}
          {formatTokens(g.recallOutputTokens)} out tokens (the explorer&apos;s defaults unless
          changed; the seed does not publish its own)
        </Line>
        <Line label="Policy comparison">
          1,000 outputs{' '}
          {pop.mode === 'lognormal'
            ? `log-normal around ${formatTokens(pop.medianTokens)} tokens (σ ${formatNumber(pop.sigma, 2)})`
            : 'of the pasted sizes'}
          ; size-only threshold {formatTokens(pop.sizeOnlyThresholdTokens)} tokens
          {policyWords.length > 0 && `; ${policyWords.join('; ')}`}
        </Line>
        <Line label="Prompt budget">
          {b.unbounded ? 'unbounded' : `${formatTokens(b.maxTotalTokens)} tokens`}, {b.rows.length}{' '}
          rows, {formatNumber(b.charsPerToken, 2)} characters per token for pasted text, estimator
          error ±{formatPercent(b.estimatorErrorPct / 100)}
          {b.sectionBudgets.length > 0 && `, ${b.sectionBudgets.length} section budgets`}
        </Line>
        <Line label="Model routing">
          {r.turns.length} turns, {hops} hops, system prompt {formatTokens(r.systemTokens)} tokens,
          cache TTL {formatNumber(ttl)} s
          {r.thinkingInvalidatesCache === true && ', thinking invalidates the cache'}; default model{' '}
          {r.defaultModel.model}
          {r.defaultModel.thinking ? ' with thinking' : ''} (the baseline runs every hop on it); the
          resolver applies to the react dispatch only
        </Line>
      </ul>
      <div className="report-prices-box">
        <DataTable
          caption="Prices used, USD per million tokens"
          captionShown
          className="report-prices"
          scroll={{ label: 'Prices used (scrolls sideways on a narrow screen)' }}
          columns={[
            {
              key: 'model',
              header: 'Model',
              cell: (row) => (
                <>
                  {row.model}
                  {row.fromBook ? '\u2020' : ''}
                  {row.effectiveFrom === undefined ? null : (
                    <span className="report-price-from"> from {row.effectiveFrom}</span>
                  )}
                </>
              ),
              rowHeader: true,
              isolate: true,
            },
            {
              key: 'input',
              header: 'Input',
              cell: (row) => row.prices?.input ?? 'not in the price table',
              span: (row) => (row.prices === undefined ? 5 : 1),
            },
            { key: 'output', header: 'Output', cell: (row) => row.prices?.output },
            { key: 'write5m', header: 'Write 5 min', cell: (row) => row.prices?.write5m },
            { key: 'write1h', header: 'Write 1 h', cell: (row) => row.prices?.write1h },
            { key: 'read', header: 'Read', cell: (row) => row.prices?.read },
            {
              key: 'use',
              header: 'Used for',
              cell: (row) => row.usedFor,
              className: 'report-price-use',
            },
          ]}
          rows={prices.rows}
          rowKey={(row) => `${row.model}\n${row.effectiveFrom ?? ''}\n${String(row.fromBook)}`}
        />
        {bookRows || prices.more !== undefined ? (
          <p className="note report-prices-note">
            {bookRows
              ? `\u2020 From the default price book (${PRICE_BOOK_LABEL}); the others are this scenario's price table.`
              : null}
            {prices.more === undefined ? null : (
              <>
                {bookRows ? ' ' : null}
                {prices.more.words}, in the Prices tab:{' '}
                {prices.more.names.map((name, i) => (
                  <span key={name}>
                    {i > 0 ? ', ' : null}
                    <bdi>{name}</bdi>
                  </span>
                ))}
                .
              </>
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}
