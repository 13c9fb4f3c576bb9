/** Shared steps of the durability journeys. */
import { expect, type Page } from '@playwright/test';
import { decodeScenarioHash } from '../../../src/state/persistence.ts';

export const EXACT = { exact: true } as const;

/** Fails the test on any uncaught error in the page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

export function outputTokens(page: Page) {
  return page.getByLabel('Output tokens', EXACT);
}

/** Types a value into the Output tokens field and leaves it. */
export async function setOutputTokens(page: Page, value: string): Promise<void> {
  const field = outputTokens(page);
  await field.fill(value);
  await field.press('Tab');
}

/** Waits until this page's own save (session and shared) holds `outputTokens`. */
export async function waitSaved(page: Page, tokens: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const text = sessionStorage.getItem('cce:tab-state:v1');
        return text === null
          ? null
          : (JSON.parse(text) as { gate: { outputTokens: number } }).gate.outputTokens;
      }),
    )
    .toBe(tokens);
}

/** Waits until the address bar carries a `#s=` link (written after a quiet moment). */
export async function waitHash(page: Page, previous?: string): Promise<string> {
  await expect
    .poll(() => {
      const hash = new URL(page.url()).hash;
      return hash.startsWith('#s=') && hash !== previous;
    })
    .toBe(true);
  return new URL(page.url()).hash;
}

/** Opens the History panel and returns it. */
export async function openHistory(page: Page) {
  const button = page.getByRole('button', { name: 'History', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.getByRole('region', { name: 'History' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Text a user must never see. */
export const FORBIDDEN = [/NaN/, /Infinity/, /∞/, /\d[eE][+-]?\d/, /undefined/];

/** Asserts that no forbidden string is visible and nothing is wider than the page. */
export async function expectReadable(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const pattern of FORBIDDEN) {
    const match = pattern.exec(text);
    expect(
      match?.[0] ?? null,
      `${where}: "${match ? text.slice(Math.max(0, match.index - 40), match.index + 40) : ''}"`,
    ).toBeNull();
  }
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll, `${where}: the page is wider than the window`).toBeLessThanOrEqual(
    widths.view + 1,
  );
}

/** Waits until the address bar carries a link to a scenario with `outputTokens`, and returns the hash. */
export async function waitHashFor(page: Page, tokens: number): Promise<string> {
  await expect
    .poll(async () => {
      const parsed = await decodeScenarioHash(new URL(page.url()).hash);
      return parsed.ok ? parsed.data.gate.outputTokens : null;
    })
    .toBe(tokens);
  return new URL(page.url()).hash;
}
