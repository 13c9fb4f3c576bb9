#!/usr/bin/env node
// Draws the web app's PNG icons from its own SVGs (public/icon.svg and
// public/icon-maskable.svg) in Debian's Chromium: 192 and 512 px, plus the
// 180 px Apple touch icon. Run after editing an SVG: node scripts/make-icons.mjs

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'public');
const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
});
try {
  for (const [source, target, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(join(PUBLIC, source), 'utf8');
    await page.setContent(
      `<body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
    );
    await page.screenshot({ path: join(PUBLIC, target), omitBackground: true });
    await page.close();
    console.log(`${target}: ${size} × ${size}`);
  }
} finally {
  await browser.close();
}
