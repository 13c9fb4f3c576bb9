import { useId, useRef, useState, type ReactNode } from 'react';
import type { LegendEntry } from './chart-export.ts';

const IMAGE_FORMATS = ['png', 'svg'] as const;

// The export code loads on the first download, not with every chart.
const loadExport = () => import('./chart-export.ts');

/** The chart's drawing: its canvas, else its first SVG. */
function findChartSurface(container: HTMLElement | null): SVGSVGElement | HTMLCanvasElement | null {
  if (container === null) return null;
  return (
    container.querySelector<HTMLCanvasElement>('canvas') ??
    container.querySelector<SVGSVGElement>('svg')
  );
}

/** Legends are drawn in HTML (ui/charts/Legend); read them so exported images keep them. */
function readLegend(container: HTMLElement | null): LegendEntry[] {
  if (container === null) return [];
  const items = container.querySelectorAll('.chart-legend [data-legend]');
  return Array.from(items).map((item) => {
    const swatch = item.querySelector('.legend-swatch');
    let color = '';
    if (swatch !== null) {
      const style = getComputedStyle(swatch);
      const background = style.getPropertyValue('background-color');
      color =
        background && background !== 'rgba(0, 0, 0, 0)'
          ? background
          : style.getPropertyValue('border-top-color');
    }
    return { label: item.textContent?.trim() ?? '', color: color || 'currentColor' };
  });
}

/**
 * A chart with a title, a one-sentence summary (always visible, the text
 * equivalent for screen readers), and a data table a user can switch to.
 * With `exportable`, PNG and SVG buttons download the chart and a CSV button
 * downloads `csvRows`. Every downloaded image carries the title, the
 * `assumptions` and the legend.
 */
export function ChartFrame(props: {
  title: string;
  summary: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
  /**
   * The assumptions that drive the chart (“model claude-opus-4-6”, “horizon
   * 3 turns”), drawn under the title of every downloaded PNG and SVG.
   */
  assumptions?: readonly string[];
  /** Show the download buttons (PNG and SVG of the chart, CSV of `csvRows`). */
  exportable?: boolean;
  /**
   * The chart's data for the CSV download, one object per row; or a function
   * that makes them, called only when the user downloads.
   */
  csvRows?: readonly object[] | (() => readonly object[]);
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);

  const failed = (error: unknown) =>
    setExportError(
      `${props.title}: the download failed (${error instanceof Error ? error.message : String(error)}).`,
    );

  const downloadImage = async (format: 'png' | 'svg') => {
    setExportError(null);
    const surface = findChartSurface(chartRef.current);
    if (surface === null) {
      setExportError(`${props.title}: there is no chart drawing to download.`);
      return;
    }
    const decorations = {
      title: props.title,
      assumptions: props.assumptions ?? [],
      legend: readLegend(chartRef.current),
    };
    try {
      const { exportPng, exportSvg, fileSlug } = await loadExport();
      const base = fileSlug(props.title);
      if (format === 'png') await exportPng(surface, `${base}.png`, decorations);
      else if (surface instanceof SVGSVGElement) exportSvg(surface, `${base}.svg`, decorations);
      else setExportError(`${props.title}: this chart is drawn on a canvas; download it as PNG.`);
    } catch (error) {
      failed(error);
    }
  };

  const downloadCsv = async () => {
    setExportError(null);
    try {
      const { exportCsv, fileSlug } = await loadExport();
      const rows = typeof props.csvRows === 'function' ? props.csvRows() : (props.csvRows ?? []);
      exportCsv(rows, `${fileSlug(props.title)}.csv`);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <figure className="chart-card" aria-labelledby={`${id}-t`}>
      <div className="chart-head">
        <h3 id={`${id}-t`}>{props.title}</h3>
        <div className="chart-actions">
          {props.actions}
          {props.exportable &&
            !showTable &&
            IMAGE_FORMATS.map((format) => (
              <button
                key={format}
                type="button"
                className="link-button"
                aria-label={`Download ${props.title} as ${format.toUpperCase()}`}
                onClick={() => void downloadImage(format)}
              >
                {format.toUpperCase()}
              </button>
            ))}
          {props.exportable && props.csvRows !== undefined && (
            <button
              type="button"
              className="link-button"
              aria-label={`Download ${props.title} as CSV`}
              onClick={() => void downloadCsv()}
            >
              CSV
            </button>
          )}
          <button
            type="button"
            className="link-button"
            aria-pressed={showTable}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Show chart' : 'Show data table'}
          </button>
        </div>
      </div>
      <figcaption className="chart-summary">{props.summary}</figcaption>
      {exportError !== null && (
        <p role="alert" className="form-error">
          {exportError}
        </p>
      )}
      {showTable ? (
        // Focusable and named, so a keyboard user can scroll a table wider than the screen.
        <div
          className="table-wrap"
          role="region"
          aria-label={`${props.title}: data table`}
          tabIndex={0}
        >
          {props.table}
        </div>
      ) : (
        <div aria-hidden="true" ref={chartRef}>
          {props.chart}
        </div>
      )}
    </figure>
  );
}
