/**
 * The traffic import worker: parsing, deduplication, storage and analysis
 * of usage traces off the main thread, exposed with Comlink.
 */
import { expose } from 'comlink';
import { WorkerTrafficService } from './worker-traffic-service.ts';

expose(new WorkerTrafficService());
