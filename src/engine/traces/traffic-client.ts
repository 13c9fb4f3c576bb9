/**
 * The main thread's handle on the traffic import: the import worker through
 * Comlink where the browser has workers, else the same service in this
 * thread (jsdom tests). Either way every call is asynchronous.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { PricingTable } from '../../core/pricing.ts';
import type { TrafficSource } from './read-file.ts';
import { unpackCrossFigures, unpackReplayOutcome } from './worker-packing.ts';
import type { WorkerTrafficService } from './import-worker.ts';
import type { TrafficService } from './traffic-service.ts';
import type {
  CallRow,
  ImportOutcome,
  ImportProgress,
  TrafficAnalysis,
  TrafficCrossFigures,
  TrafficMeta,
} from './traffic-types.ts';
import type {
  ReplayOutcome,
  ReplayRequest,
  ReplayScope,
  ReplaySearchOutcome,
} from './traffic-types.ts';

/** What the tab can ask of the import. */
export interface TrafficClient {
  load(): Promise<TrafficMeta | undefined>;
  importFiles(
    files: readonly TrafficSource[],
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome>;
  cancel(): Promise<void>;
  analyse(pricing: PricingTable): Promise<TrafficAnalysis | undefined>;
  rows(offset: number, limit: number): Promise<CallRow[]>;
  forget(): Promise<void>;
  // Replay under other choices, and the search for the cheapest setting (SPEC §11).
  replay(pricing: PricingTable, request: ReplayRequest): Promise<ReplayOutcome | undefined>;
  searchReplays(
    pricing: PricingTable,
    scope: ReplayScope,
  ): Promise<ReplaySearchOutcome | undefined>;
  // ---- Cross-tab figures: what the other tabs read from the traffic ----
  crossFigures(pricing: PricingTable): Promise<TrafficCrossFigures | undefined>;
}

function inThread(): TrafficClient {
  // Loaded on first use, so the tab's own chunk does not carry the reader a worker would.
  let loading: Promise<TrafficService> | undefined;
  const service = () =>
    (loading ??= import('./traffic-service.ts').then((m) => new m.TrafficService()));
  return {
    load: async () => (await service()).load(),
    importFiles: async (files, onProgress) => (await service()).importFiles(files, onProgress),
    cancel: async () => (await service()).cancel(),
    analyse: async (pricing) => (await service()).analyse(pricing),
    rows: async (offset, limit) => (await service()).rows(offset, limit),
    forget: async () => (await service()).forget(),
    // The replay and its search, over the calls this service holds.
    replay: async (pricing, request) => (await service()).replay(pricing, request),
    searchReplays: async (pricing, scope) => (await service()).searchReplays(pricing, scope),
    crossFigures: async (pricing) => (await service()).crossFigures(pricing),
  };
}

function inWorker(remote: Remote<WorkerTrafficService>): TrafficClient {
  return {
    load: () => remote.load(),
    importFiles: (files, onProgress) =>
      remote.importFiles(files, onProgress === undefined ? undefined : proxy(onProgress)),
    cancel: () => remote.cancel(),
    analyse: (pricing) => remote.analyse(pricing),
    rows: (offset, limit) => remote.rows(offset, limit),
    forget: () => remote.forget(),
    // Replays come back packed (worker-packing.ts): cloning their hops cost the page a long task.
    replay: async (pricing, request) => {
      const packed = await remote.packedReplay(pricing, request);
      return packed === undefined ? undefined : unpackReplayOutcome(packed);
    },
    searchReplays: (pricing, scope) => remote.searchReplays(pricing, scope),
    // Packed into transferred columns: a large population is not cloned object by object.
    crossFigures: async (pricing) => {
      const packed = await remote.packedCrossFigures(pricing);
      return packed === undefined ? undefined : unpackCrossFigures(packed);
    },
  };
}

/** A client on a new import worker, or on an in-thread service where workers are absent. */
export function createTrafficClient(): TrafficClient {
  if (typeof Worker === 'undefined') return inThread();
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  return inWorker(wrap<WorkerTrafficService>(worker));
}
