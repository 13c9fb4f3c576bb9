import { useId, useRef, useState, type ReactNode } from 'react';
import type { LegendItem } from '../../ui/charts/Legend.tsx';

// The export code loads on the first download, not with the tab.
const loadExport = () => import('../../ui/chart-export.ts');

/**
 * A chart with its name, a one-line summary for screen readers, a toggle
 * that shows its data as a table (the chart's text equivalent), and PNG,
 * SVG and CSV downloads: every image carries the title, the `assumptions`
 * and the legend.
 */
export function ChartFigure(props: {
  title: string;
  /** What the chart shows, in a sentence: the image's accessible name. */
  summary: string;
  children: ReactNode;
  table: () => ReactNode;
  /** What the figures assume (prices, TTLs, sampling), under the title of a downloaded image. */
  assumptions: readonly string[];
  /** The legend drawn under a downloaded image. */
  legend: readonly LegendItem[];
  /** The chart's data for the CSV download, made only when the user downloads. */
  csvRows: () => readonly object[];
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const imageRef = useRef<HTMLDivElement>(null);

  const download = async (format: 'png' | 'svg' | 'csv') => {
    setExportError(null);
    try {
      const { exportCsv, exportPng, exportSvg, fileSlug } = await loadExport();
      const base = fileSlug(props.title);
      if (format === 'csv') {
        exportCsv(props.csvRows(), `${base}.csv`);
        return;
      }
      const svg = imageRef.current?.querySelector('svg');
      if (svg === null || svg === undefined) {
        setExportError(`${props.title}: there is no chart drawing to download.`);
        return;
      }
      // Legend colours are palette variables: the export resolves them against the page.
      const style = getComputedStyle(svg);
      const decorations = {
        title: props.title,
        assumptions: props.assumptions,
        legend: props.legend.map((item) => ({
          label: item.label,
          color: item.color.startsWith('var(')
            ? style.getPropertyValue(item.color.slice(4, -1)).trim() || 'currentColor'
            : item.color,
        })),
      };
      if (format === 'png') await exportPng(svg, `${base}.png`, decorations);
      else exportSvg(svg, `${base}.svg`, decorations);
    } catch (error) {
      setExportError(
        `${props.title}: the download failed (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  };

  return (
    <figure className="traffic-chart" aria-labelledby={`${id}-t`}>
      <div className="chart-head">
        <h3 id={`${id}-t`}>{props.title}</h3>
        <div className="chart-actions">
          {(['png', 'svg', 'csv'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="link-button"
              aria-label={`Download ${props.title} as ${format.toUpperCase()}`}
              onClick={() => void download(format)}
            >
              {format.toUpperCase()}
            </button>
          ))}
          <button
            type="button"
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Hide data table' : 'Show data table'}
          </button>
        </div>
      </div>
      {exportError !== null && (
        <p role="alert" className="form-error">
          {exportError}
        </p>
      )}
      <div role="img" aria-label={props.summary} className="traffic-chart-image" ref={imageRef}>
        {props.children}
      </div>
      {/* Focusable: a long table scrolls inside its box, and the keyboard must reach it. */}
      <div
        id={`${id}-table`}
        hidden={!showTable}
        className="table-wrap"
        tabIndex={showTable ? 0 : undefined}
        role={showTable ? 'region' : undefined}
        aria-label={showTable ? `${props.title}: data table` : undefined}
      >
        {showTable ? props.table() : null}
      </div>
    </figure>
  );
}
