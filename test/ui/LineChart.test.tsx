import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from '../../src/ui/charts/LineChart.tsx';
import { MARGINS } from '../../src/ui/charts/scales.ts';
import { formatUsd } from '../../src/ui/format.ts';

const usd = (v: number) => formatUsd(v);

describe('LineChart', () => {
  const xs = [0, 10, 20, 30];
  const points = (values: readonly (number | null)[]) => xs.map((x, i) => ({ x, y: values[i] }));
  const props = {
    height: 200,
    x: { domain: [0, 30] as const, format: (x: number) => `${x}s` },
    y: { format: usd, includeZero: true },
    series: [
      { id: 'a', points: points([1, 2, 3, 4]), color: 'red', width: 2 },
      {
        id: 'b',
        points: points([2, null, 2, 2]),
        color: 'blue',
        width: 1,
        dash: '4 3',
        dots: true,
      },
    ],
    markers: [
      { x: 10, label: 'cache TTL', color: 'grey', dash: '2 3' },
      { x: 11, label: 'now', color: 'black' },
      { x: 99, label: 'off the chart', color: 'black' },
    ],
    tooltip: (i: number) => <span>point {xs[i]}</span>,
  };

  it('draws a path per series, breaking a line where a value is missing', () => {
    const { container } = render(<LineChart {...props} />);
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '');
    expect(paths).toHaveLength(2);
    expect(paths[0]?.match(/M/g)).toHaveLength(1);
    expect(paths[1]?.match(/M/g)).toHaveLength(2);
    // Dots on every point the dotted series has.
    expect(container.querySelectorAll('circle')).toHaveLength(3);
  });

  it('labels the markers inside the domain and stacks the ones that would overlap', () => {
    const { container } = render(<LineChart {...props} />);
    const label = (text: string) =>
      [...container.querySelectorAll('text')].find((t) => t.textContent === text);
    expect(label('off the chart')).toBeUndefined();
    const ttl = label('cache TTL');
    const now = label('now');
    expect(ttl).toBeDefined();
    expect(now).toBeDefined();
    expect(now?.getAttribute('y')).not.toBe(ttl?.getAttribute('y'));
  });

  it('shows the tooltip of the point nearest the pointer, and hides it on leaving', () => {
    const { container } = render(<LineChart {...props} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    // 560 px wide by default, the plot inside the kit's margins: x = 20 is 2/3 of the way.
    const plot = 560 - MARGINS.left - MARGINS.right;
    fireEvent.pointerMove(svg, { clientX: MARGINS.left + (plot * 2) / 3 - 8 });
    expect(screen.getByText('point 20')).toBeInTheDocument();
    fireEvent.pointerLeave(svg);
    expect(screen.queryByText('point 20')).not.toBeInTheDocument();
  });

  it('draws a step line with d3’s step-after curve', () => {
    const { container } = render(
      <LineChart
        {...props}
        series={[{ id: 's', points: points([1, 2, 3, 4]), color: 'red', curve: 'step' }]}
      />,
    );
    const d = container.querySelector('path')?.getAttribute('d') ?? '';
    // Step-after: each value holds (a horizontal run) until the next x, then rises.
    const [x0, y0, x1, y1, x2, y2] = (d.match(/[\d.]+/g) ?? []).map(Number);
    expect(y1).toBe(y0);
    expect(x2).toBe(x1);
    expect(x1).toBeGreaterThan(x0 as number);
    expect(y2).toBeLessThan(y1 as number);
  });

  it('fills a band and keeps a fixed y domain', () => {
    const { container } = render(
      <LineChart
        {...props}
        y={{ format: usd, domain: [0, 10] }}
        bands={[
          {
            points: [
              { x: 0, y0: 1, y1: 2 },
              { x: 30, y0: 1, y1: 3 },
            ],
            color: 'green',
          },
        ]}
      />,
    );
    expect(container.querySelector('path[fill="green"]')).not.toBeNull();
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toContain('$10.00');
  });

  it('draws a points series as one path of dots, skipping missing values, and titles the y axis', () => {
    const { container } = render(
      <LineChart
        height={200}
        x={{ domain: [0, 30], format: (x) => `${x}` }}
        y={{ format: (y) => `${y}`, title: 'Logged' }}
        series={[
          {
            id: 'scatter',
            mode: 'points',
            color: 'red',
            points: [
              { x: 30, y: 1 },
              { x: 0, y: 3 },
              { x: 10, y: null },
            ],
          },
        ]}
      />,
    );
    const path = container.querySelector('path[data-series="scatter"]');
    expect(path?.getAttribute('fill')).toBe('red');
    // Two arcs a dot, one dot per finite point, no line between them.
    expect(path?.getAttribute('d')?.match(/M/g)).toHaveLength(2);
    expect(path?.getAttribute('d')?.match(/a/g)).toHaveLength(4);
    expect(container.querySelectorAll('circle')).toHaveLength(0);
    expect([...container.querySelectorAll('text')].some((t) => t.textContent === 'Logged')).toBe(
      true,
    );
  });
});
