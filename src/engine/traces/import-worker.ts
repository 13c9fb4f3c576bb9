/**
 * The traffic import worker: parsing, deduplication, storage and analysis
 * of usage traces off the main thread, exposed with Comlink.
 */
import { expose, transfer } from 'comlink';
import type { PricingTable } from '../../core/pricing.ts';
import { packCrossFigures, type PackedCrossFigures } from './cross-packing.ts';
import { TrafficService } from './traffic-service.ts';

/** The service, with the cross-tab figures sent packed (see cross-packing.ts). */
export class WorkerTrafficService extends TrafficService {
  async packedCrossFigures(pricing: PricingTable): Promise<PackedCrossFigures | undefined> {
    const figures = await this.crossFigures(pricing);
    if (figures === undefined) return undefined;
    const packed = packCrossFigures(figures);
    return transfer(packed, [packed.populationSizes.buffer, packed.populationHorizons.buffer]);
  }
}

expose(new WorkerTrafficService());
