/**
 * Which conversation preset the lab shows as chosen. A preset is shown only
 * while the lab is exactly that preset: the scenario bar's presets and its
 * reset load whole scenarios whose routing may be a preset's conversation
 * under another strategy (the sticky router, hop-aware thinking), and then
 * the select shows its placeholder rather than a name that no longer holds.
 */
import type { RoutingScenario } from '../../core/index.ts';
import { ROUTING_PRESET_LIST } from '../../model/routing-presets.ts';
import { computedFromState as computed } from '../../state/derive.ts';
import type { RoutingPresetId } from '../../model/routing.ts';

let built: ReadonlyMap<RoutingPresetId, string> | null = null;

/** Each preset's scenario as JSON, built once. */
function presetJson(): ReadonlyMap<RoutingPresetId, string> {
  built ??= new Map(ROUTING_PRESET_LIST.map((p) => [p.id, JSON.stringify(p.build().scenario)]));
  return built;
}

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
  const json = presetJson().get(preset);
  return json !== undefined && json === JSON.stringify(scenario) ? preset : '';
}

/** The select's value, derived from the store. */
export const shownPresetValue = computed(
  'routing.shownPreset',
  (s) => [s.routing.preset, s.routing.scenario] as const,
  shownPreset,
);
