/**
 * The gate's volume line with traffic: never offloading is set to the
 * carry of the traffic's tool outputs as it ran, the other policies keep
 * the comparison's ratio to it, and a note says which part of the bill
 * that is.
 */
import { gateBillPart } from '../../domain/bill-parts.ts';
import { partVolumeRows } from '../../domain/part-rows.ts';
import type { TrafficRates } from '../../engine/traces/traffic-figures.ts';
import type { UnitCosts } from '../../domain/volume.ts';
import { GateLine } from './GateLine.tsx';
import { useTrafficCarry } from '../../engine/traces/traffic-carry.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';

export default function GateTrafficLine({
  costs,
  rates,
}: {
  costs: UnitCosts;
  rates: TrafficRates;
}) {
  const carry = useTrafficCarry(useValue(pricingTable));
  const part = carry === undefined ? undefined : gateBillPart(carry, rates.asBilledUsdPerDay);
  return (
    <GateLine
      // The priced outputs' rate once the carry is known: unpriced calls are out of the bill.
      trafficRate={carry?.outputsPerDay ?? rates.toolOutputsPerDay}
      rowsOf={(volume) => partVolumeRows(volume, costs, part)}
    />
  );
}
