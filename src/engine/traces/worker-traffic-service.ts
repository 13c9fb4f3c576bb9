/**
 * The traffic service as the page reaches it (`traffic-client.ts`): in the
 * import worker, or, without workers, in this thread; either way its large
 * results come back packed (see worker-packing.ts) and the client unpacks
 * them, so both paths are the same code.
 */
import { transfer } from 'comlink';
import type { PricingTable } from '../../core/pricing.ts';
import { TrafficService } from './traffic-service.ts';
import type { ReplayRequest } from './traffic-types.ts';
import {
  packCrossFigures,
  packReplayOutcome,
  packTrafficAnalysis,
  type PackedCrossFigures,
  type PackedReplayOutcome,
  type PackedTrafficAnalysis,
} from './worker-packing.ts';

/** The service, with its large results sent packed (see worker-packing.ts). */
export class WorkerTrafficService extends TrafficService {
  async packedCrossFigures(pricing: PricingTable): Promise<PackedCrossFigures | undefined> {
    const figures = await this.crossFigures(pricing);
    if (figures === undefined) return undefined;
    const packed = packCrossFigures(figures);
    return transfer(packed, [packed.populationSizes.buffer, packed.populationHorizons.buffer]);
  }

  async packedAnalysis(pricing: PricingTable): Promise<PackedTrafficAnalysis | undefined> {
    const analysis = await this.analyse(pricing);
    return analysis === undefined ? undefined : packTrafficAnalysis(analysis);
  }

  async packedReplay(
    pricing: PricingTable,
    request: ReplayRequest,
  ): Promise<PackedReplayOutcome | undefined> {
    const outcome = await this.replay(pricing, request);
    if (outcome === undefined) return undefined;
    return packReplayOutcome(outcome);
  }
}
