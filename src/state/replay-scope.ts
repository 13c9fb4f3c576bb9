/**
 * Which conversations the traffic replay covers: an input of this session
 * only, never shared (they are the user's own traffic) and never in the
 * scenario. The replay's choice itself lives in the scenario
 * (`traffic.replay`). The traffic tab sets it; the engine's replay query,
 * which the routing tab and the report read too, is keyed on it.
 */
import { create } from 'zustand';

/** Which conversations the user chose to replay. */
export type ScopeChoice =
  | { readonly kind: 'all' }
  | { readonly kind: 'one'; readonly id: string | undefined }
  | { readonly kind: 'selection'; readonly ids: readonly string[] };

export interface ReplayScopeState {
  readonly scope: ScopeChoice;
}

const INITIAL: ReplayScopeState = { scope: { kind: 'all' } };

export const useReplayScope = create<ReplayScopeState>(() => INITIAL);

/** Sets which conversations are replayed. */
export function setReplayScope(scope: ScopeChoice): void {
  useReplayScope.setState({ scope });
}

/** For tests: every conversation again. */
export function resetReplayScopeForTests(): void {
  useReplayScope.setState(INITIAL, true);
}
