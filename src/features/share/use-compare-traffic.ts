/**
 * A's and B's replay choices over the traffic stored in this browser: each
 * replayed over every conversation by the traffic worker under its own
 * scenario's price table, and the comparison's rows and status from them.
 */
import { useMemo } from 'react';
import {
  useTrafficFigures,
  useTrafficGateComparison,
} from '../../engine/traces/traffic-figures.ts';
import { useStoredTraffic, useTrafficReplay } from '../../engine/traces/traffic-queries.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import type { ComparisonRow } from './compare-rows.ts';
import { monthCompareRows } from './compare-month-rows.ts';
import { trafficCompareRows, type TrafficSide } from './compare-traffic-rows.ts';
import { currentFigures, currentScenario, pinnedFigures, pinnedPricing } from './figure-nodes.ts';
import { useTrafficCarry } from '../../engine/traces/traffic-carry.ts';

const EVERY_CONVERSATION = { kind: 'all' } as const;

/** The traffic part of the comparison (null: no traffic in this browser, or nothing pinned). */
export interface TrafficComparison {
  /** Empty until both replays are in. */
  readonly rows: readonly ComparisonRow[];
  /** Each tab's monthly figure of A and B at the traffic's rates (empty until they are known). */
  readonly monthRows: readonly ComparisonRow[];
  /** One sentence: working, or how many traffic figures differ. */
  readonly status: string;
}

type Answer = ReturnType<typeof useTrafficReplay>;

const sideOf = (answer: Answer): TrafficSide | undefined =>
  answer.error !== undefined ? { error: answer.error } : answer.value;

/** The traffic rows and status of A (`pinned`) against the current scenario B. */
export function useCompareTraffic(pinned: ScenarioData): TrafficComparison | null {
  const hasTraffic = useStoredTraffic()?.meta !== undefined;
  const pricingA = useValue(pinnedPricing);
  const pricingB = useValue(pricingTable);
  const choiceB = useAppStore((s) => s.traffic.replay);
  const ask = hasTraffic && pricingA !== null;
  const a = useTrafficReplay(pricingA ?? pricingB, EVERY_CONVERSATION, pinned.traffic.replay, ask);
  const b = useTrafficReplay(pricingB, EVERY_CONVERSATION, choiceB, ask);
  const rates = useTrafficFigures().rates;
  const spanDays = rates?.spanDays ?? 0;
  const figuresA = useValue(pinnedFigures);
  const figuresB = useValue(currentFigures);
  const scenarioB = useValue(currentScenario);
  const carryA = useTrafficCarry(pricingA ?? pricingB);
  const carryB = useTrafficCarry(pricingB);
  const gateA = useTrafficGateComparison(pinned.gate, hasTraffic ? pricingA : null);
  const gateB = useTrafficGateComparison(scenarioB.gate, hasTraffic ? pricingB : null);
  // Once per change of what they read, not per render: the table keeps its rows.
  const monthRows = useMemo(
    () =>
      rates === undefined || figuresA === null || pricingA === null
        ? []
        : monthCompareRows(
            {
              scenario: pinned,
              figures: figuresA,
              pricing: pricingA,
              carry: carryA,
              trafficGate: gateA,
            },
            {
              scenario: scenarioB,
              figures: figuresB,
              pricing: pricingB,
              carry: carryB,
              trafficGate: gateB,
            },
            rates,
          ),
    [
      rates,
      pinned,
      figuresA,
      pricingA,
      carryA,
      gateA,
      scenarioB,
      figuresB,
      pricingB,
      carryB,
      gateB,
    ],
  );
  if (!ask) return null;
  const sideA = sideOf(a);
  const sideB = sideOf(b);
  if (sideA === undefined || sideB === undefined) {
    return { rows: [], monthRows, status: "Replaying A's and B's choices over your traffic…" };
  }
  const rows = trafficCompareRows(sideA, sideB, spanDays);
  const changed = rows.filter((row) => row.changed).length;
  const status =
    a.updating || b.updating
      ? 'Updating the replay of your traffic…'
      : changed === 0
        ? 'On your traffic, B matches A.'
        : `On your traffic, ${changed} of ${rows.length} figures differ.`;
  return { rows, monthRows, status };
}
