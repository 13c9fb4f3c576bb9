/**
 * The engine's Web Worker: the pure functions of `api.ts`, exposed over
 * comlink. Nothing here touches the DOM or the store.
 */
import { expose } from 'comlink';
import { engineApi } from './api.ts';

expose(engineApi);
