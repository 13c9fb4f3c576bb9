/**
 * The refuse-to-force-under-thinking contract (seed 001 §7; SPEC §4).
 */
import type { Provider } from '../pricing.ts';
import type { ModelConfig } from './types.ts';

/**
 * `false` for an Anthropic model with thinking on: the provider rejects a
 * forced tool choice then, so the engine drops the force instead of sending
 * a request that would fail.
 */
export function supportsForcedToolChoice(config: ModelConfig, provider: Provider): boolean {
  return !(provider === 'anthropic' && config.thinking);
}
