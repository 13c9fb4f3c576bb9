/**
 * What happens differently in scenario A and scenario B: the gate's verdict,
 * the budget rows dropped in one and kept in the other (by name), and the
 * hops routed to another model. Computed by the core for both scenarios.
 */
import { simulateRouting, type HopRecord } from '../../core/index.ts';
import type { HeadlineFigures } from '../../domain/headline-figures.ts';
import { tableFromRows } from '../../model/prices.ts';
import type { ScenarioData } from '../../model/scenario.ts';

/** One outcome that differs between A and B. */
export interface FateDifference {
  readonly group: 'Offload gate' | 'Prompt budget' | 'Model routing';
  /** What the line is about: "Gate verdict", "Row “memory”", "Turn 2 hop 1". */
  readonly subject: string;
  readonly a: string;
  readonly b: string;
}

/** How many differing hops are listed one by one (the rest are counted). */
export const MAX_HOPS_LISTED = 12;

function gateVerdict(f: HeadlineFigures): string {
  if (!f.gate.ok) return `error: ${f.gate.error}`;
  return f.gate.value.decision.fire ? 'Offload' : 'Keep inline';
}

function budgetFates(a: HeadlineFigures, b: HeadlineFigures): FateDifference[] {
  const out: FateDifference[] = [];
  const compiles = (f: HeadlineFigures) => (f.budget.ok ? 'compiles' : 'does not compile');
  if (!a.budget.ok || !b.budget.ok) {
    if (compiles(a) !== compiles(b)) {
      out.push({ group: 'Prompt budget', subject: 'Compile', a: compiles(a), b: compiles(b) });
    }
    return out;
  }
  const fate = (f: typeof a.budget & { ok: true }) =>
    new Map(f.value.rows.map((r) => [r.contributionId, r.admitted ? 'kept' : 'dropped']));
  const fa = fate(a.budget);
  const fb = fate(b.budget);
  for (const [name, inA] of fa) {
    const inB = fb.get(name) ?? 'not in B';
    if (inA !== inB) out.push({ group: 'Prompt budget', subject: `Row “${name}”`, a: inA, b: inB });
  }
  for (const [name, inB] of fb) {
    if (!fa.has(name)) {
      out.push({ group: 'Prompt budget', subject: `Row “${name}”`, a: 'not in A', b: inB });
    }
  }
  return out;
}

/** A scenario's routed hops, or the message of why the simulation refused it. */
export type RoutedHops = readonly HopRecord[] | string;

/** The hops of a scenario's routing run (see `RoutedHops`). */
export function hopsOf(data: ScenarioData): RoutedHops {
  try {
    return simulateRouting(data.routing.scenario, tableFromRows(data.prices.rows)).hops;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const modelWords = (hop: HopRecord) => `${hop.model}${hop.thinking ? ' with thinking' : ''}`;

function routingFates(hopsA: RoutedHops, hopsB: RoutedHops): FateDifference[] {
  if (typeof hopsA === 'string' || typeof hopsB === 'string') {
    const show = (h: typeof hopsA) => (typeof h === 'string' ? `error: ${h}` : 'runs');
    return show(hopsA) === show(hopsB)
      ? []
      : [{ group: 'Model routing', subject: 'Simulation', a: show(hopsA), b: show(hopsB) }];
  }
  const key = (h: HopRecord) => `${h.turn}:${h.hop}`;
  const byKeyB = new Map(hopsB.map((h) => [key(h), h]));
  const differing: FateDifference[] = [];
  for (const hop of hopsA) {
    const other = byKeyB.get(key(hop));
    if (other === undefined) continue;
    if (modelWords(hop) !== modelWords(other)) {
      differing.push({
        group: 'Model routing',
        subject: `Turn ${hop.turn + 1} hop ${hop.hop + 1}`,
        a: modelWords(hop),
        b: modelWords(other),
      });
    }
  }
  const out = differing.slice(0, MAX_HOPS_LISTED);
  if (differing.length > MAX_HOPS_LISTED) {
    out.push({
      group: 'Model routing',
      subject: `${differing.length - MAX_HOPS_LISTED} more hops`,
      a: 'another model',
      b: 'another model',
    });
  }
  // Per model: how many hops each scenario sends to it, when the counts differ.
  const counts = (hops: readonly HopRecord[]) => {
    const m = new Map<string, number>();
    for (const h of hops) m.set(modelWords(h), (m.get(modelWords(h)) ?? 0) + 1);
    return m;
  };
  const ca = counts(hopsA);
  const cb = counts(hopsB);
  const hopsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'hop' : 'hops'}`;
  for (const model of [...new Set([...ca.keys(), ...cb.keys()])].sort()) {
    const na = ca.get(model) ?? 0;
    const nb = cb.get(model) ?? 0;
    if (na !== nb) {
      out.push({ group: 'Model routing', subject: model, a: hopsText(na), b: hopsText(nb) });
    }
  }
  return out;
}

/**
 * Every outcome that differs between A and B: the gate verdict, each budget
 * row dropped in one and kept in the other, and each hop routed to another
 * model (with the hop count per model).
 */
export function fateDifferences(
  a: ScenarioData,
  b: ScenarioData,
  figuresA: HeadlineFigures,
  figuresB: HeadlineFigures,
): FateDifference[] {
  return fateDifferencesOf(hopsOf(a), hopsOf(b), figuresA, figuresB);
}

/** The same as `fateDifferences`, from both scenarios' routed hops already run. */
export function fateDifferencesOf(
  hopsA: RoutedHops,
  hopsB: RoutedHops,
  figuresA: HeadlineFigures,
  figuresB: HeadlineFigures,
): FateDifference[] {
  const out: FateDifference[] = [];
  const va = gateVerdict(figuresA);
  const vb = gateVerdict(figuresB);
  if (va !== vb) out.push({ group: 'Offload gate', subject: 'Gate verdict', a: va, b: vb });
  out.push(...budgetFates(figuresA, figuresB));
  out.push(...routingFates(hopsA, hopsB));
  return out;
}
