import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from '../../src/ui/NumberField.tsx';

/** A field whose onChange closes over a counter that changes between renders. */
function Harness({ onValue }: { onValue: (value: number, generation: number) => void }) {
  const [value, setValue] = useState(10);
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setGeneration((g) => g + 1)}>
        next generation
      </button>
      <NumberField
        label="Budget"
        value={value}
        min={0}
        max={100}
        step={5}
        integer
        unit="tokens"
        onChange={(next) => {
          onValue(next, generation);
          setValue(next);
        }}
      />
    </>
  );
}

describe('NumberField', () => {
  it('names the field and the slider alike and moves both from the keyboard', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness onValue={onValue} />);
    const field = screen.getByRole('spinbutton', { name: 'Budget' });
    const slider = screen.getByRole('slider', { name: 'Budget' });
    expect(field).toHaveValue(10);
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(onValue).toHaveBeenLastCalledWith(15, 0);
    expect(field).toHaveValue(15);
    expect(slider).toHaveAttribute('aria-valuenow', '15');
    expect(slider).toHaveAttribute('aria-valuetext', '15 tokens');
    field.focus();
    await user.keyboard('{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith(10, 0);
    expect(slider).toHaveAttribute('aria-valuenow', '10');
  });

  it('calls the onChange of the latest render, not a stale one', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'next generation' }));
    await user.click(screen.getByRole('button', { name: 'next generation' }));
    screen.getByRole('slider', { name: 'Budget' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onValue).toHaveBeenLastCalledWith(15, 2);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Budget' }), {
      target: { value: '40' },
    });
    expect(onValue).toHaveBeenLastCalledWith(40, 2);
  });

  it('refuses a typed value out of range with an alert and keeps the last good value', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const field = screen.getByRole('spinbutton', { name: 'Budget' });
    fireEvent.change(field, { target: { value: '250' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Budget: must be between 0 and 100');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.getByRole('slider', { name: 'Budget' })).toHaveAttribute('aria-valuenow', '10');
    // The draft stays while it is wrong, even after leaving the field.
    fireEvent.blur(field);
    expect(field).toHaveValue(250);
    fireEvent.change(field, { target: { value: '20' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith(20, 0);
  });

  it('leaves the numeric field alone when a parent re-renders with the same value', async () => {
    const user = userEvent.setup();
    render(<Harness onValue={() => undefined} />);
    const field = screen.getByRole('spinbutton', { name: 'Budget' });
    const observed: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.target === field) observed.push(r.attributeName ?? r.type);
    });
    observer.observe(field, { attributes: true });
    // A parent re-render with an unchanged value leaves the input alone.
    await user.click(screen.getByRole('button', { name: 'next generation' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(observed).toEqual([]);
  });

  it('moves the numeric field by writing its value alone, not its name, type or value attribute', async () => {
    const user = userEvent.setup();
    render(<Harness onValue={() => undefined} />);
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Budget' });
    const attributes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.target === field) attributes.push(r.attributeName ?? r.type);
    });
    observer.observe(field, { attributes: true });
    const writes: string[] = [];
    const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    const spy = vi.spyOn(field, 'value', 'set').mockImplementation(function (
      this: HTMLInputElement,
      v,
    ) {
      writes.push(v);
      own?.set?.call(this, v);
    });
    screen.getByRole('slider', { name: 'Budget' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    spy.mockRestore();
    expect(field).toHaveValue(20);
    expect(writes).toEqual(['15', '20']);
    expect(attributes).toEqual([]);
  });

  it('replaces a refused entry, and its alert, when the value is set from outside', async () => {
    function Outside() {
      const [value, setValue] = useState(10);
      return (
        <>
          <button type="button" onClick={() => setValue(55)}>
            reset
          </button>
          <NumberField label="Budget" value={value} min={0} max={100} onChange={setValue} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Outside />);
    const field = screen.getByRole('spinbutton', { name: 'Budget' });
    fireEvent.change(field, { target: { value: '250' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Budget: must be between 0 and 100');
    // Blurring keeps the refused entry in view with its alert...
    fireEvent.blur(field);
    expect(field).toHaveValue(250);
    // ...until the value is set from outside.
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveValue(55);
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps a typed draft that reads as the value it sent', () => {
    render(<Harness onValue={() => undefined} />);
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Budget' });
    fireEvent.change(field, { target: { value: '40.0' } });
    // The value became 40; the field still shows what was typed.
    expect(field.value).toBe('40.0');
    expect(screen.getByRole('slider', { name: 'Budget' })).toHaveAttribute('aria-valuenow', '40');
  });
});
