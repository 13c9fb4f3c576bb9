import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useValue } from '../../state/derive.ts';
import {
  formatNumber,
  formatPercent,
  formatTokens,
  formatUsd,
  withArticle,
} from '../../ui/format.ts';
import type { Outcome } from '../../domain/headline-figures.ts';
import { formatDeltaPct } from '../../domain/policy-words.ts';
import { describeStrategy } from './strategy-words.ts';
import { ReportAssumptions } from './ReportAssumptions.tsx';
import { useReportPrices } from './use-report-prices.ts';
import { ReportDetailsForm, ReportHead } from './ReportHeader.tsx';
import { BudgetChart, GateTermsChart, PolicyChart, RoutingChart } from './ReportCharts.tsx';
import { ReportTrafficSection } from './ReportTrafficSection.tsx';
import { currentFigures, currentScenario } from './figure-nodes.ts';
import {
  reportAssumptionFacts,
  reportBudgetChart,
  reportGateChart,
  reportPolicyChart,
  reportPolicyWords,
  reportRoutingChart,
} from './report-nodes.ts';

export { describeStrategy };

function Failure({ outcome }: { outcome: Outcome<unknown> }) {
  return outcome.ok ? null : (
    <p className="form-error" role="note">
      {outcome.error}
    </p>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="term">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The one-page design-review report of the current scenario: the decisions,
 * the key figures and small charts, all from the core; prints cleanly.
 */
export default function ReportView({
  onClose,
  opening,
}: {
  onClose: () => void;
  /** What the report opens with before the scenario (the traffic's bill and decisions, from the app). */
  opening?: ReactNode;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Every figure, chart and table is a node of the graph (figure-nodes.ts,
  // report-nodes.ts): the report only reads them.
  const scenario = useValue(currentScenario);
  const { gate, population, budget, routing } = useValue(currentFigures);
  const gateChart = useValue(reportGateChart);
  const policyChart = useValue(reportPolicyChart);
  const budgetChart = useValue(reportBudgetChart);
  const routingChart = useValue(reportRoutingChart);
  const policyWords = useValue(reportPolicyWords);
  const assumptionFacts = useValue(reportAssumptionFacts);
  const prices = useReportPrices(assumptionFacts);
  const routingScenario = scenario.routing.scenario;
  // The date of the report's making: when it was opened in this page.
  const [made] = useState(() => new Date());

  // A layout effect: the page behind is inert and focus is on the heading in
  // the same commit that shows the report, before it paints.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    const page = document.documentElement;
    const scrolled = page.scrollTop;
    page.classList.add('report-open');
    page.scrollTop = 0;
    root?.setAttribute('inert', '');
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      page.classList.remove('report-open');
      page.scrollTop = scrolled;
      root?.removeAttribute('inert');
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const saving = routing.ok ? routing.value.saving.savingUsd : 0;

  return (
    <div
      className="report"
      role="dialog"
      aria-modal="true"
      aria-labelledby={scenario.ui.reportTitle?.trim() ? `${id}-h ${id}-kicker` : `${id}-h`}
    >
      <div className="report-toolbar">
        <button type="button" className="primary" onClick={() => window.print()}>
          Print report
        </button>
        <button type="button" onClick={onClose}>
          Close report
        </button>
      </div>
      <ReportDetailsForm data={scenario} />
      <article className="report-page">
        <ReportHead
          data={scenario}
          made={made}
          headingId={`${id}-h`}
          kickerId={`${id}-kicker`}
          headingRef={headingRef}
        />

        {opening}

        <section aria-labelledby={`${id}-d`}>
          <h3 id={`${id}-d`}>The scenario&apos;s decisions</h3>
          <div className="report-decisions">
            <div className="card">
              <h4>Offload gate</h4>
              {gate.ok ? (
                <>
                  <p>
                    <span className={`badge ${gate.value.decision.fire ? 'good' : 'warn'}`}>
                      {gate.value.decision.fire ? 'Offload' : 'Keep inline'}
                    </span>{' '}
                    {withArticle(`${formatTokens(gate.value.inputs.outputTokens)}-token`)} tool
                    output carried {formatNumber(gate.value.inputs.horizon)} turns on{' '}
                    {gate.value.inputs.modelName}, recall probability{' '}
                    {formatNumber(gate.value.inputs.recallProbability)}: net saving{' '}
                    {formatUsd(gate.value.decision.netSavingUsd)}.
                  </p>
                  <p className="reason">{gate.value.decision.reason}</p>
                </>
              ) : (
                <Failure outcome={gate} />
              )}
            </div>
            <div className="card">
              <h4>Prompt budget</h4>
              {budget.ok ? (
                <p>
                  <span
                    className={`badge ${budget.value.report.dropped.length === 0 ? 'good' : 'warn'}`}
                  >
                    {budget.value.report.dropped.length === 0
                      ? 'Everything fits'
                      : `${budget.value.report.dropped.length} dropped`}
                  </span>{' '}
                  {formatTokens(budget.value.report.totalTokens)} tokens admitted
                  {budget.value.report.limit === null
                    ? ' (unbounded)'
                    : ` of ${formatTokens(budget.value.report.limit)}`}
                  ; admitted {budget.value.report.admitted.join(', ') || 'nothing'}
                  {budget.value.report.dropped.length > 0 &&
                    `; dropped ${budget.value.report.dropped.join(', ')}`}
                  .
                </p>
              ) : (
                <>
                  <p>
                    <span className="badge bad">Does not compile</span>
                  </p>
                  <Failure outcome={budget} />
                </>
              )}
            </div>
            <div className="card">
              <h4>Model routing</h4>
              <p>
                {describeStrategy(routingScenario.strategy)}
                {routingScenario.policies.length > 0 &&
                  `; ${routingScenario.policies.length} ${routingScenario.policies.length === 1 ? 'policy' : 'policies'} checked first`}
                .
              </p>
              {routing.ok ? (
                <p>
                  <span className={`badge ${saving > 0 ? 'good' : saving < 0 ? 'bad' : ''}`}>
                    {saving > 0
                      ? `Saves ${formatUsd(saving)}`
                      : saving < 0
                        ? `Costs ${formatUsd(-saving)} more`
                        : 'Same as baseline'}
                  </span>{' '}
                  {formatUsd(routing.value.totals.totalUsd)} against{' '}
                  {formatUsd(routing.value.baseline.totalUsd)} with every hop on{' '}
                  {routing.value.baselineModel}.
                </p>
              ) : (
                <Failure outcome={routing} />
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby={`${id}-k`} className="report-key-figures">
          <h3 id={`${id}-k`}>Key figures</h3>
          <dl className="terms">
            {gate.ok && (
              <>
                <Term label="Re-prefill saved">
                  {formatUsd(gate.value.decision.reprefillSavingUsd)}
                </Term>
                <Term label="Stub carried">{formatUsd(gate.value.decision.stubCarryCostUsd)}</Term>
                <Term label="Expected recall hop">
                  {formatUsd(gate.value.decision.expectedRecallHopCostUsd)}
                </Term>
              </>
            )}
            {population.ok && (
              <>
                <Term label="Never offload, per 1,000">
                  {formatUsd(population.value.neverOffloadUsd)}
                </Term>
                <Term
                  label={`Size-only at ${formatTokens(population.value.sizeOnlyThresholdTokens)}, per 1,000`}
                >
                  {formatUsd(population.value.sizeOnlyUsd)} (
                  {formatDeltaPct(population.value.policies.comparison.sizeOnly.deltaVsNeverPct)} vs
                  never)
                </Term>
                <Term label="Net-saving gate, per 1,000">
                  {formatUsd(population.value.netSavingGateUsd)} (
                  {formatDeltaPct(population.value.policies.comparison.gate.deltaVsNeverPct)} vs
                  never)
                </Term>
                <Term label="Size-only vs never offload, per 1,000">
                  {formatUsd(population.value.sizeOnlyUsd - population.value.neverOffloadUsd)} (
                  {formatDeltaPct(population.value.policies.comparison.sizeOnly.deltaVsNeverPct)})
                </Term>
              </>
            )}
            {routing.ok && (
              <>
                <Term label="Routing total">{formatUsd(routing.value.totals.totalUsd)}</Term>
                <Term label="Cache hit rate">
                  {formatPercent(routing.value.totals.cacheHitRate, 1)}
                </Term>
                <Term label="Model switches">
                  {formatTokens(routing.value.totals.modelSwitches)}
                </Term>
                <Term label="Resolver calls">
                  {formatTokens(routing.value.totals.resolverCalls)}
                </Term>
                <Term label="Forced tools dropped">
                  {formatTokens(routing.value.totals.forceDropped)}
                </Term>
              </>
            )}
          </dl>
        </section>

        <ReportTrafficSection />

        <section aria-labelledby={`${id}-c`}>
          <h3 id={`${id}-c`}>Charts</h3>
          <div className="report-charts">
            {gateChart && <GateTermsChart chart={gateChart} />}
            {policyChart ? <PolicyChart chart={policyChart} /> : <Failure outcome={population} />}
            {budgetChart && <BudgetChart chart={budgetChart} />}
            {routingChart && <RoutingChart chart={routingChart} />}
          </div>
        </section>

        <section aria-labelledby={`${id}-a`} className="report-foot">
          <h3 id={`${id}-a`}>Assumptions behind every figure</h3>
          <ReportAssumptions
            data={scenario}
            facts={assumptionFacts}
            policyWords={policyWords}
            prices={prices}
          />
        </section>
      </article>
    </div>
  );
}
