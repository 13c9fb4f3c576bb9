import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { ConversationBuilder } from '../../../src/features/routing/ConversationBuilder.tsx';
import { PolicyEditor } from '../../../src/features/routing/PolicyEditor.tsx';
import { TimelineChart } from '../../../src/features/routing/TimelineChart.tsx';
import { useAppStore } from '../../../src/state/store.ts';

const routing = () => useAppStore.getState().routing;

function inGroup(group: string, label: string): HTMLInputElement {
  const fieldset = screen.getByRole('group', { name: group });
  return within(fieldset).getByLabelText(label, { exact: true, selector: 'input' });
}

describe('PolicyEditor', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('shows the preset policy and how many hops it chose', () => {
    render(<PolicyEditor chosenBy={new Map([['policy:log-ticket', 8]])} />);
    expect(inGroup('Policy 1: log-ticket', 'Forced tool')).toHaveValue('log_ticket');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('claude-haiku-4-5');
    expect(screen.getByText('Chose the model on 8 hops.')).toBeInTheDocument();
  });

  it('adds, edits, reorders and removes policies', async () => {
    const user = userEvent.setup();
    render(<PolicyEditor chosenBy={new Map()} />);
    await user.click(screen.getByRole('button', { name: 'Add policy' }));
    expect(routing().scenario.policies[1]).toEqual({
      id: 'policy-2',
      when: { hop: { min: 1 } },
      model: { model: 'claude-haiku-4-5', thinking: false },
    });
    const second = 'Policy 2: policy-2';
    fireEvent.change(inGroup(second, 'Hop index to'), { target: { value: '3' } });
    fireEvent.change(inGroup(second, 'Hop index from'), { target: { value: '' } });
    fireEvent.change(inGroup(second, 'Tool available'), { target: { value: 'search_kb' } });
    await user.selectOptions(
      within(screen.getByRole('group', { name: second })).getByRole('combobox', {
        name: 'Complexity',
      }),
      'Complex',
    );
    expect(routing().scenario.policies[1]?.when).toEqual({
      hop: { max: 3 },
      toolAvailable: 'search_kb',
      complexity: 'complex',
    });

    await user.click(screen.getByRole('button', { name: 'Move up Policy 2' }));
    expect(routing().scenario.policies.map((p) => p.id)).toEqual(['policy-2', 'log-ticket']);
    await user.click(screen.getByRole('button', { name: 'Remove Policy 1' }));
    expect(routing().scenario.policies.map((p) => p.id)).toEqual(['log-ticket']);
  });

  it('refuses a hop index that is not a whole number, keeping the last good value', () => {
    render(<PolicyEditor chosenBy={new Map()} />);
    fireEvent.change(inGroup('Policy 1: log-ticket', 'Hop index from'), {
      target: { value: '1.5' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Hop index from: must be a whole number of 0 or more (or blank for any)',
    );
    expect(routing().scenario.policies[0]?.when).toEqual({ forcedTool: 'log_ticket' });
  });

  it('lets a policy carry no model', async () => {
    const user = userEvent.setup();
    render(<PolicyEditor chosenBy={new Map()} />);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Model' }),
      'No model (never chooses one)',
    );
    expect(routing().scenario.policies[0]).toEqual({
      id: 'log-ticket',
      when: { forcedTool: 'log_ticket' },
    });
    expect(screen.queryByRole('checkbox', { name: 'Model thinks' })).not.toBeInTheDocument();
  });
});

describe('ConversationBuilder', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('generates N seeded turns like the chosen one', async () => {
    const user = userEvent.setup();
    render(<ConversationBuilder />);
    expect(screen.getByText(/8 turns, 24 hops, 25% of turns complex/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Turns to generate', { selector: 'input' }), {
      target: { value: '12' },
    });
    await user.click(screen.getByRole('button', { name: 'Replace with 12 turns like turn 2' }));
    const turns = routing().scenario.turns;
    expect(turns).toHaveLength(12);
    expect(turns.filter((t) => t.complexity === 'complex')).toHaveLength(3);
    expect(screen.getByText(/12 turns, 36 hops, 25% of turns complex/)).toBeInTheDocument();
    expect(routing().preset).toBe('custom');
  });

  it('edits one turn at a time, its hops included', async () => {
    const user = userEvent.setup();
    render(<ConversationBuilder />);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Turn to edit' }),
      'Turn 3: complex, 3 hops, gap 150 s',
    );
    fireEvent.change(screen.getByLabelText('User tokens', { selector: 'input' }), {
      target: { value: '999' },
    });
    fireEvent.change(inGroup('Hop 1', 'Forced tool'), { target: { value: 'search_kb' } });
    fireEvent.change(inGroup('Hop 2', 'Thinking tokens'), { target: { value: '1200' } });
    await user.click(screen.getByRole('button', { name: 'Remove hop 3' }));
    const turn = routing().scenario.turns[2];
    expect(turn?.userTokens).toBe(999);
    expect(turn?.hops).toHaveLength(2);
    expect(turn?.hops[0]?.forcedTool).toBe('search_kb');
    expect(turn?.hops[1]?.thinkingTokens).toBe(1_200);
    await user.click(screen.getByRole('button', { name: 'Duplicate turn 3' }));
    expect(routing().scenario.turns).toHaveLength(9);
    expect(routing().scenario.turns[3]).toEqual(turn);
  });

  it('refuses a negative token count with a message naming the field', () => {
    render(<ConversationBuilder />);
    fireEvent.change(inGroup('Hop 1', 'Output tokens'), { target: { value: '-1' } });
    expect(screen.getByRole('alert')).toHaveTextContent(/Output tokens: must be between 0 and/);
    expect(routing().scenario.turns[0]?.hops[0]?.outputTokens).toBe(150);
  });

  it('sets every idle gap after the first turn at once', () => {
    render(<ConversationBuilder />);
    const gap = screen.getByLabelText('Idle gap between turns', { selector: 'input' });
    expect(gap).toHaveValue(120);
    fireEvent.change(gap, { target: { value: '450' } });
    expect(routing().scenario.turns.map((t) => t.gapSeconds)).toEqual([
      0, 450, 450, 450, 450, 450, 450, 450,
    ]);
  });
});

describe('TimelineChart', () => {
  it('pages through a long conversation in its table view', async () => {
    const user = userEvent.setup();
    const turns = Array.from({ length: 80 }, () => routing().scenario.turns[1]!);
    const result = simulateRouting({ ...routing().scenario, turns }, DEFAULT_PRICING);
    render(<TimelineChart hops={result.hops} turns={turns} modelNames={['claude-opus-4-6']} />);
    expect(screen.getByText(/240 hops over 80 turns/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show data table' }));
    expect(screen.getByText('Hops 1–100 of 240')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next 100 hops' }));
    await user.click(screen.getByRole('button', { name: 'Next 100 hops' }));
    expect(screen.getByText('Hops 201–240 of 240')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(41);
    expect(screen.getByRole('button', { name: 'Next 100 hops' })).toBeDisabled();
  });
});
