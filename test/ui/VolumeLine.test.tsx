import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatUsd } from '../../src/ui/format.ts';
import { VolumeLine } from '../../src/ui/VolumeLine.tsx';

const ROWS = [{ label: 'This routing', usdPerDay: 12.5, usdPer30Days: 375 }];

describe('VolumeLine', () => {
  it('says where the volume comes from and shows each figure a day and per 30 days', () => {
    render(
      <VolumeLine
        label="Conversations per day"
        perDay={42}
        source="traffic"
        trafficRate
        onChange={() => {}}
        rows={ROWS}
      />,
    );
    expect(screen.getByRole('region', { name: 'Scale to a month' })).toBeInTheDocument();
    expect(screen.getByLabelText('Conversations per day')).toHaveValue(42);
    expect(screen.getByText('from your traffic')).toBeInTheDocument();
    expect(screen.getByText('This routing').parentElement).toHaveTextContent(
      `This routing: ${formatUsd(12.5)} a day · ${formatUsd(375)} per 30 days`,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('passes a typed value on, and null to go back to the traffic or the default', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <VolumeLine
        label="Prompts per day"
        perDay={1000}
        source="default"
        trafficRate={false}
        onChange={onChange}
        rows={[]}
      />,
    );
    expect(screen.getByText(/a stated default/)).toBeInTheDocument();
    const field = screen.getByLabelText('Prompts per day');
    fireEvent.change(field, { target: { value: '250' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith(250);
    rerender(
      <VolumeLine
        label="Prompts per day"
        perDay={250}
        source="typed"
        trafficRate={false}
        onChange={onChange}
        rows={[]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
