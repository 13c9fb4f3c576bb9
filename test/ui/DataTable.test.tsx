import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from '../../src/ui/DataTable.tsx';

interface Model {
  readonly name: string;
  readonly calls: number;
  readonly costUsd: number | null;
}

const MODELS: readonly Model[] = [
  { name: 'alpha-1', calls: 12, costUsd: 3.5 },
  { name: 'ألفا-2', calls: 3, costUsd: 0.25 },
  { name: 'unpriced-3', calls: 1, costUsd: null },
];

const COLUMNS: readonly DataColumn<Model>[] = [
  { key: 'name', header: 'Model', cell: (m) => m.name, rowHeader: true, isolate: true },
  { key: 'calls', header: 'Calls', cell: (m) => String(m.calls) },
  {
    key: 'cost',
    header: 'Cost',
    cell: (m) => (m.costUsd === null ? 'not in the price table' : `$${m.costUsd.toFixed(2)}`),
    span: (m) => (m.costUsd === null ? 2 : 1),
  },
  { key: 'share', header: 'Share', cell: (m) => `${m.calls * 10}%` },
];

const texts = (cells: readonly HTMLElement[]) => cells.map((c) => c.textContent);

describe('DataTable', () => {
  it('reads as a captioned table: column headers, then rows headed by their first cell', () => {
    render(
      <DataTable
        caption="Models in the traffic"
        columns={COLUMNS}
        rows={MODELS}
        rowKey={(m) => m.name}
      />,
    );
    const table = screen.getByRole('table', { name: 'Models in the traffic' });
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Model',
      'Calls',
      'Cost',
      'Share',
    ]);
    expect(texts(within(table).getAllByRole('rowheader'))).toEqual([
      'alpha-1',
      'ألفا-2',
      'unpriced-3',
    ]);
    const [, first] = within(table).getAllByRole('row');
    expect(texts(within(first!).getAllByRole('cell'))).toEqual(['12', '$3.50', '120%']);
    expect(
      within(table).getByRole('rowheader', { name: 'ألفا-2' }).querySelector('bdi'),
    ).not.toBeNull();
  });

  it('lets a message span the columns it replaces', () => {
    render(<DataTable caption="Models" columns={COLUMNS} rows={MODELS} rowKey={(m) => m.name} />);
    const row = screen.getByRole('rowheader', { name: 'unpriced-3' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(texts(cells)).toEqual(['1', 'not in the price table']);
    expect(cells[1]).toHaveAttribute('colspan', '2');
  });

  it('keeps a hidden caption for screen readers, or shows it', () => {
    const { rerender } = render(
      <DataTable caption="Prices used" columns={COLUMNS} rows={MODELS} rowKey={(m) => m.name} />,
    );
    expect(screen.getByText('Prices used')).toHaveClass('visually-hidden');
    rerender(
      <DataTable
        caption="Prices used"
        captionShown
        columns={COLUMNS}
        rows={MODELS}
        rowKey={(m) => m.name}
      />,
    );
    expect(screen.getByText('Prices used')).not.toHaveClass('visually-hidden');
  });

  it('puts totals in the footer, under the rows', () => {
    const total: Model = { name: 'All calls', calls: 16, costUsd: 3.75 };
    render(
      <DataTable
        caption="Calls by model"
        columns={COLUMNS}
        rows={MODELS}
        footer={[total]}
        rowKey={(m) => m.name}
      />,
    );
    const groups = screen.getAllByRole('rowgroup');
    const foot = groups.at(-1)!;
    expect(foot.tagName).toBe('TFOOT');
    expect(within(foot).getByRole('rowheader')).toHaveTextContent('All calls');
    expect(texts(within(foot).getAllByRole('cell'))).toEqual(['16', '$3.75', '160%']);
  });

  it('scrolls inside a named region the keyboard can reach', async () => {
    render(
      <>
        <button type="button">Before</button>
        <DataTable
          caption="Calls by model"
          columns={COLUMNS}
          rows={MODELS}
          rowKey={(m) => m.name}
          scroll={{ label: 'Calls: table' }}
        />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Calls: table' });
    expect(within(region).getByRole('table', { name: 'Calls by model' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('without a label, scrolls in a plain box that is neither a region nor a tab stop', () => {
    render(
      <DataTable
        caption="Calls by model"
        columns={COLUMNS}
        rows={MODELS}
        rowKey={(m) => m.name}
        scroll={{}}
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('shows only the header row when there are no rows', () => {
    render(<DataTable caption="Nothing yet" columns={COLUMNS} rows={[]} rowKey={(m) => m.name} />);
    const table = screen.getByRole('table', { name: 'Nothing yet' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
  });
});
