// SPEC §2.1 in a real browser: the preset "v7.12.0's loss, illustrated",
// opened from the scenario bar, shows each policy's cost per 1,000 outputs and
// its change against never offloading, as the core computes them.

import {
  comparePopulation,
  DEFAULT_PRICING,
  logNormalPopulation,
  resolveGateInputs,
} from '../../src/core/index.ts';
import { findPreset, V712_PRESET_ID } from '../../src/model/presets.ts';
import { formatUsd } from '../../src/ui/format.ts';
import { formatDeltaPct } from '../../src/domain/policy-words.ts';
import { expect, test } from './support/fixtures.ts';

test("v7.12.0's loss, illustrated: three policies' costs and deltas", async ({ page }) => {
  await page.goto('/', { waitUntil: 'load' });
  await page.getByLabel('Presets').selectOption({ label: "v7.12.0's loss, illustrated" });
  await expect(page.getByRole('tab', { name: 'Offload gate', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const preset = findPreset(V712_PRESET_ID);
  if (!preset) throw new Error('no preset');
  const { gate } = preset.build();
  const p = gate.population;
  const expected = comparePopulation(
    logNormalPopulation(p.medianTokens, p.sigma).map((sizeTokens) => ({ sizeTokens })),
    resolveGateInputs(gate),
    p.sizeOnlyThresholdTokens,
    DEFAULT_PRICING,
    {
      carryBasis: p.carryBasis,
      cacheHitShare: p.cacheHitShare,
      tailTokens: p.tailTokens,
      recallElasticity: p.recallElasticity,
    },
  );
  expect(expected.sizeOnly.deltaVsNeverPct).toBeGreaterThan(90);
  expect(expected.gate.deltaVsNeverPct).toBeLessThan(0);

  const card = page.getByRole('region', {
    name: 'Policy comparison over a population of tool outputs',
  });
  const status = card.getByRole('status').filter({ hasText: 'Per 1,000 tool outputs' });
  await expect(status).toContainText('on the cache-aware basis');
  const text = (await status.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain(`never offloading costs ${formatUsd(expected.never.totalUsd)}`);
  expect(text).toContain(
    `costs ${formatUsd(expected.sizeOnly.totalUsd)} (${formatDeltaPct(expected.sizeOnly.deltaVsNeverPct)} vs never)`,
  );
  expect(text).toContain(
    `gate costs ${formatUsd(expected.gate.totalUsd)} (${formatDeltaPct(expected.gate.deltaVsNeverPct)} vs never)`,
  );
  await expect(card.getByText(/the seed reports \+94\.8 % for v7\.12\.0/)).toBeVisible();
  await expect(card.getByText(/Basis: cache-aware — 90% of carried context/)).toBeVisible();
  await expect(card.getByText(/prices carried output as uncached input/)).toHaveCount(0);

  // The data table carries the same figures.
  const figure = card.getByRole('figure', { name: /Expected cost per 1,000 outputs/ });
  await figure.getByRole('button', { name: 'Show data table', exact: true }).click();
  const table = card.getByRole('table', { name: 'Expected cost per 1,000 outputs by policy' });
  await expect(table).toContainText(formatDeltaPct(expected.sizeOnly.deltaVsNeverPct));
  await expect(table).toContainText(formatDeltaPct(expected.gate.deltaVsNeverPct));
});
