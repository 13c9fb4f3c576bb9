/**
 * Which conversation preset the lab shows as chosen. A preset is shown only
 * while the lab is exactly that preset: the scenario bar's presets and its
 * reset load whole scenarios whose routing may be a preset's conversation
 * under another strategy (the sticky router, hop-aware thinking), and then
 * the select shows its placeholder rather than a name that no longer holds.
 */
import type { RoutingScenario } from '../../core/index.ts';
import { ROUTING_PRESET_LIST } from '../../model/routing-presets.ts';
import { computed, fromStore } from '../../state/derive.ts';
import type { RoutingPresetId } from '../../model/routing.ts';

/** Each preset's scenario as JSON: a node with no inputs, built on its first read. */
const presetJson = computed(
  'routing.presetJson',
  (): ReadonlyMap<RoutingPresetId, string> =>
    new Map(ROUTING_PRESET_LIST.map((p) => [p.id, JSON.stringify(p.build().scenario)])),
);

/**
 * What the select shows for the lab's `preset` and `scenario`: the preset
 * when the scenario is exactly it, `custom` after an edit in the lab, else
 * '' (the placeholder).
 */
export function shownPreset(
  preset: RoutingPresetId | 'custom',
  scenario: RoutingScenario,
): RoutingPresetId | 'custom' | '' {
  if (preset === 'custom') return 'custom';
  const json = presetJson.get().get(preset);
  return json !== undefined && json === JSON.stringify(scenario) ? preset : '';
}

const routingPreset = fromStore('routing.preset', (s) => s.routing.preset);
const routingScenario = fromStore('routing.scenario', (s) => s.routing.scenario);

/** The select's value, derived from the store. */
export const shownPresetValue = computed('routing.shownPreset', () =>
  shownPreset(routingPreset.get(), routingScenario.get()),
);
