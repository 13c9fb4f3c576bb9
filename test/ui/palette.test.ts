import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  modelColor,
  PALETTE,
  PALETTE_MEANINGS,
  paletteProperty,
  type PaletteKey,
} from '../../src/ui/charts/palette.ts';

const css = readFileSync(join(import.meta.dirname, '../../src/app/styles.css'), 'utf8');
const darkStart = css.indexOf(":root[data-theme='dark']");
const light = css.slice(0, darkStart);
const dark = css.slice(darkStart, css.indexOf('}', darkStart));

/** The value a theme's block gives each `--c-…` property. */
function values(block: string): Map<string, string> {
  return new Map([...block.matchAll(/(--c-[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!]));
}

const keys = Object.keys(PALETTE_MEANINGS) as PaletteKey[];

describe('the chart palette', () => {
  it.each([
    ['light', light],
    ['dark', dark],
  ])('gives every meaning its own colour in the %s theme', (_theme, block) => {
    const defined = values(block);
    for (const key of keys) expect(defined.get(paletteProperty(key)), key).toBeDefined();
    // One meaning per colour: no two entries share a value, and none is left over.
    const used = keys.map((key) => defined.get(paletteProperty(key)));
    expect(new Set(used).size).toBe(keys.length);
    expect(defined.size).toBe(keys.length);
  });

  it('refers to the custom properties', () => {
    expect(PALETTE.cacheWrite).toBe('var(--c-cache-write)');
    expect(PALETTE.forcedToolDropped).toBe('var(--c-forced-tool-dropped)');
  });

  it('gives a model the colour of its price-table row, in every chart', () => {
    const names = ['a', 'b', 'c'];
    expect(modelColor('b', names)).toBe(PALETTE.model2);
    expect(modelColor('unknown', names)).toBe(PALETTE.model4);
    // Models never take a colour that means something else.
    const models = names.map((m) => modelColor(m, names));
    expect(models).not.toContain(PALETTE.cacheWrite);
    expect(models).not.toContain(PALETTE.cold);
  });

  it('leaves no chart colour outside the palette in the app’s styles', () => {
    expect(css).not.toMatch(/--chart-\d/);
  });
});
