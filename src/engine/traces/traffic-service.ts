/**
 * The traffic import and its stored calls, as one object that runs inside
 * the import worker (or, where there is no Worker, as in jsdom, on the main
 * thread): files streamed into the SPEC §10 reader, merged with the traffic
 * already stored, saved to IndexedDB, and analysed on request. The calls
 * stay here; callers get progress, metadata, figures and pages of rows.
 */
import type { PricingTable } from '../../core/pricing.ts';
import { billingPricing, type BookForBilling } from '../../domain/price-book-rows.ts';
import type { ReplayConstraints } from '../../domain/replay-constraints.ts';
import type { TraceCall } from '../../core/traces/index.ts';
import { mergeCalls } from './merge-calls.ts';
import { outcomeForPage, replayTraffic, searchTraffic } from './replay-service.ts';
import { trafficPricesUsed, type TrafficPriceUsed } from './traffic-prices.ts';
import type { TrafficSource } from './read-file.ts';
import { readSources, type ImportedPart } from './import-read.ts';
import { analyseTraffic } from './traffic-analysis.ts';
import {
  trafficGateRegion,
  type TrafficGateRegion,
  type TrafficGateRegionRequest,
} from './traffic-gate-region.ts';
import { crossTabFigures } from './traffic-cross.ts';
import {
  forgetTraffic,
  loadTraffic,
  storageFailureReason,
  updateTraffic,
  type StoredTrafficRecord,
} from './traffic-db.ts';
import { ConversationNotes } from './conversation-notes.ts';
import {
  MAX_KEPT_SKIPPED,
  type CallRow,
  type ForgetOutcome,
  type ImportOutcome,
  type ImportProgress,
  type TrafficAnalysis,
  type TrafficCrossFigures,
  type TrafficMeta,
} from './traffic-types.ts';
import type {
  ReplayOutcome,
  ReplayRequest,
  ReplayScope,
  ReplaySearchOutcome,
} from './traffic-types.ts';

const EMPTY_META: TrafficMeta = { files: [], skipped: [], skippedTotal: 0, callCount: 0 };

/** The dated default price book, loaded on first use as a chunk of its own; `undefined` if it fails to load. */
function loadBook(): Promise<BookForBilling | undefined> {
  return import('../../domain/price-book-load.ts').then(
    (m) => m.loadPriceBook(),
    () => undefined,
  );
}

export interface TrafficServiceOptions {
  /** Where the default price book comes from (`undefined`: bill with the scenario's table only). */
  readonly priceBook?: () => Promise<BookForBilling | undefined>;
}

/** The import worker's API (also usable in the same thread). */
export class TrafficService {
  private readonly priceBook: () => Promise<BookForBilling | undefined>;
  private billingHeld:
    { key: string; calls: readonly TraceCall[]; table: PricingTable } | undefined;
  private calls: TraceCall[] = [];
  private meta: TrafficMeta = EMPTY_META;
  private notes = new ConversationNotes();
  private loaded: Promise<void> | undefined;
  private cancelRequested = false;
  private importing = false;

  constructor(options: TrafficServiceOptions = {}) {
    this.priceBook = options.priceBook ?? loadBook;
  }

  /**
   * The table the traffic is billed with: the price book overridden by the
   * scenario's `pricing` (see price-book-rows.ts), worked out once per
   * scenario table and stored calls.
   */
  private async billing(pricing: PricingTable): Promise<PricingTable> {
    const book = await this.priceBook();
    const key = `${book === undefined ? 'no book' : 'book'}\n${JSON.stringify(pricing)}`;
    const held = this.billingHeld;
    if (held !== undefined && held.key === key && held.calls === this.calls) return held.table;
    const names = new Set(this.calls.map((c) => c.model));
    const table = billingPricing(book, pricing, names);
    this.billingHeld = { key, calls: this.calls, table };
    return table;
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= loadTraffic().then(
      (stored) => {
        if (stored !== undefined) {
          this.meta = stored.meta;
          this.calls = stored.calls;
          this.notes = ConversationNotes.fromStored(stored.extras);
        }
      },
      () => {
        // No IndexedDB (a private window, a blocked database): the traffic lives for this page only.
      },
    );
    return this.loaded;
  }

  /** The stored traffic's metadata, or `undefined` when there is none. */
  async load(): Promise<TrafficMeta | undefined> {
    await this.ensureLoaded();
    return this.meta.files.length === 0 ? undefined : this.meta;
  }

  /** Asks the running import to stop; what was stored before it stays. */
  cancel(): void {
    if (this.importing) this.cancelRequested = true;
  }

  /**
   * Reads `files` (in the order given) and adds their calls to the stored
   * traffic. Progress is reported at most every 100 ms and once at the end.
   */
  async importFiles(
    files: readonly TrafficSource[],
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome> {
    await this.ensureLoaded();
    if (this.importing) throw new Error('an import is already running');
    this.importing = true;
    this.cancelRequested = false;
    try {
      return await this.read(files, onProgress);
    } finally {
      this.importing = false;
      this.cancelRequested = false;
    }
  }

  private async read(
    files: readonly TrafficSource[],
    onProgress: ((progress: ImportProgress) => void) | undefined,
  ): Promise<ImportOutcome> {
    const incoming = await readSources(files, onProgress, () => this.cancelRequested);
    if (incoming === 'cancelled') {
      return {
        status: 'cancelled',
        filesRead: 0,
        addedCalls: 0,
        skippedRecords: 0,
        meta: this.meta.files.length === 0 ? undefined : this.meta,
      };
    }
    let added = 0;
    let notStored: string | undefined;
    let written: StoredTrafficRecord;
    try {
      // Merged with what is stored now, which another tab may have changed since this one loaded it.
      written = await updateTraffic((stored) => {
        const next = withImport(stored, incoming);
        added = next.added;
        return next.record;
      });
    } catch (error) {
      // Not stored: shown on this page only, and the outcome says why.
      notStored = storageFailureReason(error);
      const next = withImport(this.stored(), incoming);
      added = next.added;
      written = next.record;
    }
    this.calls = [...written.calls];
    this.meta = written.meta;
    this.notes = ConversationNotes.fromStored(written.extras);
    return {
      status: 'done',
      filesRead: files.length,
      addedCalls: added,
      skippedRecords: incoming.skipped.length,
      meta: written.meta,
      ...(notStored === undefined ? {} : { notStored }),
    };
  }

  // What this page holds, as a stored record.
  private stored(): StoredTrafficRecord | undefined {
    return this.meta.files.length === 0
      ? undefined
      : { meta: this.meta, calls: this.calls, extras: this.notes.toStored() };
  }

  /**
   * Reads the stored traffic again (another tab changed it): what this page
   * held is dropped, never written back.
   */
  async reload(): Promise<TrafficMeta | undefined> {
    this.loaded = undefined;
    this.calls = [];
    this.meta = EMPTY_META;
    this.notes = new ConversationNotes();
    this.billingHeld = undefined;
    return this.load();
  }

  /** The tab's figures under `pricing`, or `undefined` when no traffic is held. */
  async analyse(pricing: PricingTable): Promise<TrafficAnalysis | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return analyseTraffic(
      this.calls,
      await this.billing(pricing),
      this.notes.notes,
      this.notes.reported,
    );
  }

  /** Calls `offset` to `offset + limit` (by time), without their tool results. */
  async rows(offset: number, limit: number): Promise<CallRow[]> {
    await this.ensureLoaded();
    return this.calls.slice(offset, offset + limit).map((call) => ({
      conversationId: call.conversationId,
      callId: call.callId,
      at: call.at,
      model: call.model,
      inputTokens: call.inputTokens,
      cacheReadTokens: call.cacheReadTokens,
      cacheWrite5mTokens: call.cacheWrite5mTokens,
      cacheWrite1hTokens: call.cacheWrite1hTokens,
      outputTokens: call.outputTokens,
      sidechain: call.sidechain,
      kind: call.kind,
      project: call.project,
      gitBranch: call.gitBranch,
      agent: call.agent,
      source: call.source,
      toolRequests: call.toolRequests,
    }));
  }

  // ── Replay under other choices and the cheapest setting (SPEC §11) ──

  /** As billed, as run and the replay of a scope under a choice, or `undefined` with no traffic. */
  async replay(pricing: PricingTable, request: ReplayRequest): Promise<ReplayOutcome | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return outcomeForPage(replayTraffic(this.calls, await this.billing(pricing), request));
  }

  /** The ranked choices of the search for a scope, or `undefined` with no traffic. */
  async searchReplays(
    pricing: PricingTable,
    scope: ReplayScope,
    constraints?: ReplayConstraints,
  ): Promise<ReplaySearchOutcome | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return searchTraffic(this.calls, await this.billing(pricing), scope, constraints);
  }

  // ---- Cross-tab figures: what the other tabs read from the traffic ----

  /** The figures other tabs use (rates, tool-output population, fitted priors, TTL), or `undefined` with no traffic. */
  async crossFigures(pricing: PricingTable): Promise<TrafficCrossFigures | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return crossTabFigures(this.calls, await this.billing(pricing));
  }

  /** The price rows the traffic's bill and the replay `targets` are priced on, or `undefined` with no traffic. */
  async pricesUsed(
    pricing: PricingTable,
    targets: readonly string[],
  ): Promise<TrafficPriceUsed[] | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return trafficPricesUsed(this.calls, await this.billing(pricing), targets);
  }

  /** The gate's region over the traffic as it ran, or `undefined` with no priced tool output. */
  async gateRegion(
    pricing: PricingTable,
    request: TrafficGateRegionRequest,
  ): Promise<TrafficGateRegion | undefined> {
    await this.ensureLoaded();
    if (this.meta.files.length === 0) return undefined;
    return trafficGateRegion(this.calls, await this.billing(pricing), request);
  }

  /**
   * Deletes the stored traffic, here and in IndexedDB; says why when the
   * stored copy could not be deleted (it may still be in this browser).
   */
  async forget(): Promise<ForgetOutcome> {
    await this.ensureLoaded();
    this.calls = [];
    this.meta = EMPTY_META;
    this.notes = new ConversationNotes();
    this.billingHeld = undefined;
    try {
      await forgetTraffic();
      return { deleted: true };
    } catch (error) {
      return { deleted: false, reason: storageFailureReason(error) };
    }
  }
}

/** The stored traffic with an import added (SPEC §10's deduplication across imports). */
function withImport(
  stored: StoredTrafficRecord | undefined,
  part: ImportedPart,
): { record: StoredTrafficRecord; added: number } {
  const held = stored?.meta ?? EMPTY_META;
  const merged = mergeCalls(stored?.calls ?? [], part.calls);
  const kept = held.skipped.length;
  const meta: TrafficMeta = {
    files: [...held.files, ...part.files],
    skipped: [...held.skipped, ...part.skipped.slice(0, Math.max(0, MAX_KEPT_SKIPPED - kept))],
    skippedTotal: held.skippedTotal + part.skipped.length,
    callCount: merged.calls.length,
  };
  const notes = (
    stored === undefined ? new ConversationNotes() : ConversationNotes.fromStored(stored.extras)
  ).with(part.titles, part.reported);
  return { record: { meta, calls: merged.calls, extras: notes.toStored() }, added: merged.added };
}
