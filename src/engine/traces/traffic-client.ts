/**
 * The main thread's handle on the traffic service: the import worker
 * through comlink where the browser has workers, else the same service in
 * this thread (jsdom tests), by the one fallback of `connect.ts`. Either way
 * every call is asynchronous and the large results arrive packed and are
 * unpacked here.
 */
import { proxy } from 'comlink';
import type { PricingTable } from '../../core/pricing.ts';
import type { ReplayConstraints } from '../../domain/replay-constraints.ts';
import { connect } from '../connect.ts';
import type { TrafficSource } from './read-file.ts';
import type { TrafficGateRegion, TrafficGateRegionRequest } from './traffic-gate-region.ts';
import type { TrafficPriceUsed } from './traffic-prices.ts';
import {
  unpackCrossFigures,
  unpackReplayOutcome,
  unpackTrafficAnalysis,
} from './worker-packing.ts';
import type { WorkerTrafficService } from './worker-traffic-service.ts';
import type {
  CallRow,
  ForgetOutcome,
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
  forget(): Promise<ForgetOutcome>;
  /** Reads the stored traffic again, dropping what the service held (another tab changed it). */
  reload(): Promise<TrafficMeta | undefined>;
  // Replay under other choices, and the search for the cheapest setting (SPEC §11).
  replay(pricing: PricingTable, request: ReplayRequest): Promise<ReplayOutcome | undefined>;
  searchReplays(
    pricing: PricingTable,
    scope: ReplayScope,
    constraints?: ReplayConstraints,
  ): Promise<ReplaySearchOutcome | undefined>;
  // ---- Cross-tab figures: what the other tabs read from the traffic ----
  crossFigures(pricing: PricingTable): Promise<TrafficCrossFigures | undefined>;
  gateRegion(
    pricing: PricingTable,
    request: TrafficGateRegionRequest,
  ): Promise<TrafficGateRegion | undefined>;
  pricesUsed(
    pricing: PricingTable,
    targets: readonly string[],
  ): Promise<TrafficPriceUsed[] | undefined>;
}

/** A client on a new import worker, or on an in-thread service where workers are absent. */
export function createTrafficClient(): TrafficClient {
  const remote = connect<WorkerTrafficService>(
    () => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' }),
    // Loaded on first use, so the tab's own chunk does not carry the reader a worker would.
    () => import('./worker-traffic-service.ts').then((m) => new m.WorkerTrafficService()),
  );
  return {
    load: () => remote.load(),
    importFiles: (files, onProgress) =>
      remote.importFiles(files, onProgress === undefined ? undefined : proxy(onProgress)),
    cancel: () => remote.cancel(),
    // Its models seen come back as JSON: a trace can name 100,000 of them.
    analyse: async (pricing) => {
      const packed = await remote.packedAnalysis(pricing);
      return packed === undefined ? undefined : unpackTrafficAnalysis(packed);
    },
    rows: (offset, limit) => remote.rows(offset, limit),
    forget: () => remote.forget(),
    reload: () => remote.reload(),
    // Replays come back packed (worker-packing.ts): cloning their hops cost the page a long task.
    replay: async (pricing, request) => {
      const packed = await remote.packedReplay(pricing, request);
      return packed === undefined ? undefined : unpackReplayOutcome(packed);
    },
    searchReplays: (pricing, scope, constraints) =>
      remote.searchReplays(pricing, scope, constraints),
    // Packed into transferred columns: a large population is not cloned object by object.
    crossFigures: async (pricing) => {
      const packed = await remote.packedCrossFigures(pricing);
      return packed === undefined ? undefined : unpackCrossFigures(packed);
    },
    // 84 points and a few groups: small enough to clone.
    gateRegion: (pricing, request) => remote.gateRegion(pricing, request),
    // A row per price row used: small enough to clone.
    pricesUsed: (pricing, targets) => remote.pricesUsed(pricing, targets),
  };
}
