/**
 * Chart exports: an SVG chart as a standalone SVG or PNG file, and a chart's
 * data as CSV. Colours the page sets through CSS variables are resolved and
 * inlined, so an exported file looks like the chart on screen.
 */
import { toCsv } from '../format/csv.ts';
import { downloadBlob } from './download.ts';

/** A legend entry drawn under an exported chart (legends are drawn in HTML on screen). */
export interface LegendEntry {
  readonly label: string;
  readonly color: string;
}

/** Optional decorations of an exported chart. */
export interface ExportDecorations {
  /** Drawn above the chart. */
  readonly title?: string;
  /** The assumptions that drive the chart, drawn under the title. */
  readonly assumptions?: readonly string[];
  /** Drawn under the chart. */
  readonly legend?: readonly LegendEntry[];
}

const TITLE_HEIGHT = 28;
const ASSUMPTION_LINE = 16;
const LEGEND_ROW = 20;
const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';

/**
 * Where an exported image's decorations go: the title, then the assumptions
 * (wrapped to the width, about 6.5 px a character at 12 px), above the chart;
 * the legend under it, a row per entry.
 */
export function decorationLayout(
  width: number,
  chartHeight: number,
  decorations: ExportDecorations,
): {
  titleY: number | null;
  assumptionLines: { text: string; y: number }[];
  chartY: number;
  legendRows: { entry: LegendEntry; y: number }[];
  totalHeight: number;
} {
  const titleHeight = decorations.title ? TITLE_HEIGHT : 0;
  const perLine = Math.max(20, Math.floor((width - 16) / 6.5));
  const lines: string[] = [];
  const assumptions = decorations.assumptions ?? [];
  const text = assumptions.length > 0 ? `Assumptions: ${assumptions.join('; ')}.` : '';
  let current = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    if (current !== '' && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  if (current !== '') lines.push(current);
  const assumptionLines = lines.map((line, i) => ({
    text: line,
    y: titleHeight + ASSUMPTION_LINE * i + 12,
  }));
  const chartY = titleHeight + (lines.length > 0 ? ASSUMPTION_LINE * lines.length + 6 : 0);
  const legend = decorations.legend ?? [];
  const legendRows = legend.map((entry, i) => ({
    entry,
    y: chartY + chartHeight + 12 + LEGEND_ROW * i,
  }));
  const legendHeight = legend.length > 0 ? 12 + LEGEND_ROW * legend.length : 0;
  return {
    titleY: decorations.title ? 19 : null,
    assumptionLines,
    chartY,
    legendRows,
    totalHeight: chartY + chartHeight + legendHeight,
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';

const INLINED_STYLES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** A file name from a chart title: "Cost per hop" → "cost-per-hop". */
export function fileSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'chart' : slug;
}

function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = box.width || Number(svg.getAttribute('width')) || 600;
  const height = box.height || Number(svg.getAttribute('height')) || 300;
  return { width: Math.ceil(width), height: Math.ceil(height) };
}

function resolvedColor(element: Element, property: 'color' | 'background-color'): string {
  const value = getComputedStyle(element).getPropertyValue(property).trim();
  return value === '' ? (property === 'color' ? '#1a2233' : '#ffffff') : value;
}

/** The page background behind a chart (the nearest ancestor with an opaque background). */
function backgroundOf(element: Element): string {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    const color = resolvedColor(node, 'background-color');
    if (color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const style = (target as SVGElement).style;
  for (const property of INLINED_STYLES) {
    const value = computed.getPropertyValue(property);
    if (value !== '') style.setProperty(property, value);
  }
  const sourceChildren = source.children;
  const targetChildren = target.children;
  for (let i = 0; i < sourceChildren.length && i < targetChildren.length; i++) {
    inlineStyles(sourceChildren[i] as Element, targetChildren[i] as Element);
  }
}

function text(
  doc: Document,
  x: number,
  y: number,
  content: string,
  fill: string,
  size: number,
  weight = 'normal',
): SVGTextElement {
  const node = doc.createElementNS(SVG_NS, 'text');
  node.setAttribute('x', String(x));
  node.setAttribute('y', String(y));
  node.setAttribute('fill', fill);
  node.setAttribute('font-size', String(size));
  node.setAttribute('font-weight', weight);
  node.setAttribute('font-family', FONT_FAMILY);
  node.textContent = content;
  return node;
}

/**
 * A standalone copy of an on-screen SVG chart: computed styles inlined, a
 * background, and the optional title and legend. Returns the markup and size.
 */
export function serializeSvg(
  svg: SVGSVGElement,
  decorations: ExportDecorations = {},
): { markup: string; width: number; height: number } {
  const doc = svg.ownerDocument;
  const { width, height } = svgSize(svg);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, clone);
  const foreground = resolvedColor(svg, 'color');
  const layout = decorationLayout(width, height, decorations);
  const totalHeight = layout.totalHeight;

  const root = doc.createElementNS(SVG_NS, 'svg');
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(totalHeight));
  root.setAttribute('viewBox', `0 0 ${width} ${totalHeight}`);
  const background = doc.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', backgroundOf(svg));
  root.appendChild(background);
  if (decorations.title && layout.titleY !== null) {
    const title = doc.createElementNS(SVG_NS, 'title');
    title.textContent = decorations.title;
    root.appendChild(title);
    root.appendChild(text(doc, 8, layout.titleY, decorations.title, foreground, 15, '600'));
  }
  for (const line of layout.assumptionLines) {
    const node = text(doc, 8, line.y, line.text, foreground, 12);
    node.setAttribute('fill-opacity', '0.8');
    root.appendChild(node);
  }
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(layout.chartY));
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('style');
  root.appendChild(clone);
  for (const { entry, y } of layout.legendRows) {
    const swatch = doc.createElementNS(SVG_NS, 'rect');
    swatch.setAttribute('x', '8');
    swatch.setAttribute('y', String(y));
    swatch.setAttribute('width', '12');
    swatch.setAttribute('height', '12');
    swatch.setAttribute('fill', entry.color);
    root.appendChild(swatch);
    root.appendChild(text(doc, 26, y + 11, entry.label, foreground, 13));
  }
  const markup = new XMLSerializer().serializeToString(root);
  return { markup, width, height: totalHeight };
}

/** Downloads an on-screen SVG chart as a standalone `.svg` file. */
export function exportSvg(
  svg: SVGSVGElement,
  filename: string,
  decorations: ExportDecorations = {},
): void {
  const { markup } = serializeSvg(svg, decorations);
  downloadBlob(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }), filename);
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('the browser could not encode the PNG'));
    }, 'image/png');
  });
}

/**
 * A canvas chart with its title, assumptions and legend drawn around it, on
 * the page background, at the chart's own pixel ratio.
 */
export function decorateCanvas(
  chart: HTMLCanvasElement,
  decorations: ExportDecorations,
): HTMLCanvasElement {
  const cssWidth = chart.clientWidth || chart.width;
  const ratio = cssWidth > 0 ? chart.width / cssWidth : 1;
  const cssHeight = chart.height / ratio;
  const layout = decorationLayout(cssWidth, cssHeight, decorations);
  const out = chart.ownerDocument.createElement('canvas');
  out.width = Math.round(cssWidth * ratio);
  out.height = Math.round(layout.totalHeight * ratio);
  const ctx = out.getContext('2d');
  if (ctx === null) return chart;
  ctx.scale(ratio, ratio);
  ctx.fillStyle = backgroundOf(chart);
  ctx.fillRect(0, 0, cssWidth, layout.totalHeight);
  const foreground = resolvedColor(chart, 'color');
  ctx.fillStyle = foreground;
  if (decorations.title && layout.titleY !== null) {
    ctx.font = `600 15px ${FONT_FAMILY}`;
    ctx.fillText(decorations.title, 8, layout.titleY);
  }
  ctx.font = `12px ${FONT_FAMILY}`;
  for (const line of layout.assumptionLines) ctx.fillText(line.text, 8, line.y);
  ctx.drawImage(chart, 0, layout.chartY, cssWidth, cssHeight);
  ctx.font = `13px ${FONT_FAMILY}`;
  for (const { entry, y } of layout.legendRows) {
    ctx.fillStyle = entry.color;
    ctx.fillRect(8, y, 12, 12);
    ctx.fillStyle = foreground;
    ctx.fillText(entry.label, 26, y + 11);
  }
  return out;
}

/**
 * Downloads a chart as a PNG at twice its on-screen size: an SVG is drawn
 * onto a canvas through an `<img>` with a blob: URL (the CSP allows
 * `img-src blob:`); a canvas chart is encoded directly.
 *
 * @throws Error when the browser cannot render or encode the image
 */
export async function exportPng(
  chart: SVGSVGElement | HTMLCanvasElement,
  filename: string,
  decorations: ExportDecorations = {},
): Promise<void> {
  if (chart instanceof HTMLCanvasElement) {
    downloadBlob(await canvasToBlob(decorateCanvas(chart, decorations)), filename);
    return;
  }
  const { markup, width, height } = serializeSvg(chart, decorations);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the browser could not render the chart image'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D canvas in this browser');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    downloadBlob(await canvasToBlob(canvas), filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Downloads rows of objects as a CSV file (see `toCsv`). */
export function exportCsv(rows: readonly object[], filename: string): void {
  downloadBlob(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
