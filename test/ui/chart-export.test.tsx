import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decorationLayout, fileSlug, serializeSvg } from '../../src/ui/chart-export.ts';
import { ChartFrame } from '../../src/ui/ChartFrame.tsx';
import { Legend } from '../../src/ui/charts/Legend.tsx';
import { captureDownloads } from '../helpers/downloads.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fileSlug', () => {
  it.each([
    ['Cost per hop', 'cost-per-hop'],
    ['Offload policies over 1,000 outputs', 'offload-policies-over-1-000-outputs'],
    ['***', 'chart'],
  ])('%j → %j', (title, slug) => {
    expect(fileSlug(title)).toBe(slug);
  });
});

describe('serializeSvg', () => {
  it('makes a standalone SVG with inlined styles, a title and a legend', () => {
    document.body.innerHTML =
      '<svg width="200" height="100"><rect class="bar" width="10" height="20" style="fill: rgb(1, 2, 3)"></rect></svg>';
    const svg = document.querySelector('svg') as SVGSVGElement;
    const { markup, width, height } = serializeSvg(svg, {
      title: 'Cost & <risk>',
      legend: [{ label: 'Saving', color: 'rgb(0, 128, 0)' }],
    });
    expect(width).toBe(200);
    expect(height).toBe(100 + 28 + 32);
    expect(markup).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(markup).toContain('Cost &amp; &lt;risk&gt;');
    expect(markup).toContain('fill: rgb(1, 2, 3)');
    expect(markup).toContain('Saving');
    expect(
      new DOMParser().parseFromString(markup, 'image/svg+xml').querySelector('parsererror'),
    ).toBeNull();
  });
});

describe('decorationLayout', () => {
  it('wraps the assumptions under the title and moves the chart below them', () => {
    const layout = decorationLayout(200, 100, {
      title: 'T',
      assumptions: ['model claude-opus-4-6', 'horizon 6 turns', 'recall probability 0.3'],
      legend: [{ label: 'a', color: 'red' }],
    });
    expect(layout.assumptionLines.length).toBeGreaterThan(1);
    expect(layout.assumptionLines.map((l) => l.text).join(' ')).toBe(
      'Assumptions: model claude-opus-4-6; horizon 6 turns; recall probability 0.3.',
    );
    const lastLine = layout.assumptionLines.at(-1)?.y ?? 0;
    expect(layout.chartY).toBeGreaterThan(lastLine);
    expect(layout.legendRows[0]?.y).toBeGreaterThan(layout.chartY + 100);
    expect(layout.totalHeight).toBeGreaterThan(layout.legendRows[0]?.y ?? 0);
  });
});

describe('ChartFrame downloads', () => {
  function renderFrame(exportable: boolean) {
    render(
      <ChartFrame
        title="Cost per hop"
        summary="Summary."
        exportable={exportable}
        csvRows={[{ hop: 0, usd: 0.1 }]}
        chart={
          <svg width="100" height="50">
            <rect width="5" height="5" />
          </svg>
        }
        table={<table />}
      />,
    );
  }

  it('offers PNG, SVG and CSV with names that say what they download', () => {
    renderFrame(true);
    for (const format of ['PNG', 'SVG', 'CSV']) {
      expect(
        screen.getByRole('button', { name: `Download Cost per hop as ${format}` }),
      ).toHaveTextContent(format);
    }
  });

  it('shows no download buttons unless exportable', () => {
    renderFrame(false);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('downloads the CSV and the SVG under the chart title', async () => {
    const files: Array<{ name: string; blob: Blob }> = [];
    let last: Blob | undefined;
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        last = blob;
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (last) files.push({ name: this.download, blob: last });
    });
    const user = userEvent.setup();
    renderFrame(true);
    await user.click(screen.getByRole('button', { name: 'Download Cost per hop as CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download Cost per hop as SVG' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files.map((f) => f.name)).toEqual(['cost-per-hop.csv', 'cost-per-hop.svg']);
    expect(await files[0]?.blob.text()).toBe('hop,usd\r\n0,0.1\r\n');
    expect(files[1]?.blob.type).toContain('image/svg+xml');
    click.mockRestore();
  });

  it('makes CSV rows given as a function only when the user downloads', async () => {
    const downloads = captureDownloads().blobs;
    const makeRows = vi.fn(() => [{ gap_s: 60, strategy_usd: 0.5 }]);
    const user = userEvent.setup();
    render(
      <ChartFrame
        title="Idle gap sweep"
        summary="Summary."
        exportable
        csvRows={makeRows}
        chart={<svg width="100" height="50" />}
        table={<table />}
      />,
    );
    expect(makeRows).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Download Idle gap sweep as CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(makeRows).toHaveBeenCalledTimes(1);
    expect(await downloads[0]?.text()).toBe('gap_s,strategy_usd\r\n60,0.5\r\n');
  });

  it('keeps the HTML legend in a downloaded SVG', async () => {
    const downloads = captureDownloads().blobs;
    const user = userEvent.setup();
    render(
      <ChartFrame
        title="Cost per hop"
        summary="Summary."
        exportable
        chart={
          <>
            <svg width="100" height="50">
              <rect width="5" height="5" />
            </svg>
            <Legend
              items={[
                { label: 'Sticky router', color: 'rgb(0, 128, 0)' },
                { label: 'Fixed Opus', color: 'rgb(200, 0, 0)', dash: true },
              ]}
            />
          </>
        }
        table={<table />}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download Cost per hop as SVG' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = (await downloads[0]?.text()) ?? '';
    expect(text).toContain('Sticky router');
    expect(text).toContain('Fixed Opus');
    expect(text).toContain('rgb(0, 128, 0)');
  });

  it('puts the title and the assumptions that drive the chart in a downloaded SVG', async () => {
    const downloads = captureDownloads().blobs;
    const user = userEvent.setup();
    render(
      <ChartFrame
        title="Net saving against horizon"
        summary="Summary."
        exportable
        assumptions={['model claude-opus-4-6', 'output 40,000 tokens']}
        chart={
          <svg width="300" height="50">
            <rect width="5" height="5" />
          </svg>
        }
        table={<table />}
      />,
    );
    await user.click(
      screen.getByRole('button', { name: 'Download Net saving against horizon as SVG' }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = (await downloads[0]?.text()) ?? '';
    expect(text).toContain('Net saving against horizon');
    // Wrapped to the chart's width, a line per <text>.
    expect(text).toContain('Assumptions: model claude-opus-4-6;');
    expect(text).toMatch(/output(<\/text>.*?>| )40,000 tokens\./);
  });

  it('hides the image buttons while the table is shown, keeping CSV', async () => {
    const user = userEvent.setup();
    renderFrame(true);
    await user.click(screen.getByRole('button', { name: 'Show data table' }));
    expect(screen.queryByRole('button', { name: /as PNG/ })).toBeNull();
    expect(screen.getByRole('button', { name: /as CSV/ })).toBeInTheDocument();
  });
});
