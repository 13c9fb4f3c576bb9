/**
 * The parameter tables `sql/replay.sql` reads beside `calls` and `prices`
 * (docs/sql.md "Replay parameters"): the replay's choice as a one-row
 * `replay_plan` and its model targets as `mapping`. Each target name is
 * resolved to its price table key here, by the core's name rules (SPEC
 * §1.1), so that the SQL never re-implements them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { findPriceKey } from '../core/model-names.ts';
import type { PricingTable } from '../core/pricing.ts';
import type { ReplayPlan } from '../core/traces/replay.ts';

/** The one-row `replay_plan` table. */
export const REPLAY_PLAN_DDL = `CREATE OR REPLACE TABLE replay_plan (
  as_run BOOLEAN NOT NULL,
  ttl_seconds DOUBLE
)`;

/** The `mapping` table: `from_model` NULL is every call. */
export const MAPPING_DDL = `CREATE OR REPLACE TABLE mapping (
  from_model VARCHAR,
  to_model VARCHAR NOT NULL,
  to_price_key VARCHAR
)`;

/** One row of `mapping`: a model as written in the trace (or every call) and its target. */
export interface MappingRow {
  readonly fromModel: string | null;
  readonly toModel: string;
  readonly toPriceKey: string | undefined;
}

/** The `mapping` rows of `plan`, each target resolved to its key in `pricing` (none for as run). */
export function mappingRowsOf(plan: ReplayPlan, pricing: PricingTable): MappingRow[] {
  if (plan.kind === 'asRun' || plan.model === undefined) return [];
  const targets: [string | null, string][] =
    typeof plan.model === 'string' ? [[null, plan.model]] : [...plan.model];
  return targets.map(([fromModel, toModel]) => ({
    fromModel,
    toModel,
    toPriceKey: findPriceKey(pricing, toModel),
  }));
}

/** (Re)creates `replay_plan` and `mapping` in `connection` for `plan`. */
export async function writeReplayPlan(
  connection: DuckDBConnection,
  plan: ReplayPlan,
  pricing: PricingTable,
): Promise<void> {
  await connection.run(REPLAY_PLAN_DDL);
  await connection.run(MAPPING_DDL);
  const plans = await connection.createAppender('replay_plan');
  plans.appendBoolean(plan.kind === 'asRun');
  if (plan.kind === 'asRun') plans.appendNull();
  else plans.appendDouble(plan.ttlSeconds);
  plans.endRow();
  plans.closeSync();
  const mapping = await connection.createAppender('mapping');
  for (const row of mappingRowsOf(plan, pricing)) {
    if (row.fromModel === null) mapping.appendNull();
    else mapping.appendVarchar(row.fromModel);
    mapping.appendVarchar(row.toModel);
    if (row.toPriceKey === undefined) mapping.appendNull();
    else mapping.appendVarchar(row.toPriceKey);
    mapping.endRow();
  }
  mapping.closeSync();
}
