import { afterEach, describe, expect, it } from 'vitest';
import { trackEditingFocus } from '../../src/app/control-focus.ts';

const editing = () => document.documentElement.hasAttribute('data-editing');

describe('trackEditingFocus', () => {
  let undo: (() => void) | null = null;
  afterEach(() => {
    undo?.();
    undo = null;
    document.body.innerHTML = '';
  });

  it('marks the page while a control of a tab panel has focus, and only then', () => {
    document.body.innerHTML = `
      <div class="tabpanel">
        <input aria-label="Budget" />
        <div role="slider" tabindex="0" aria-label="Idle gap"></div>
        <button>Show all</button>
      </div>
      <input aria-label="Outside" />`;
    undo = trackEditingFocus();
    const [budget, outside] = document.querySelectorAll('input');
    const slider = document.querySelector<HTMLElement>('[role="slider"]')!;
    const button = document.querySelector('button')!;
    expect(editing()).toBe(false);
    budget!.focus();
    expect(editing()).toBe(true);
    slider.focus();
    expect(editing()).toBe(true);
    button.focus();
    expect(editing()).toBe(false);
    budget!.focus();
    expect(editing()).toBe(true);
    outside!.focus();
    expect(editing()).toBe(false);
    budget!.focus();
    budget!.blur();
    expect(editing()).toBe(false);
  });

  it('starts from the focus it finds and clears the mark when undone', () => {
    document.body.innerHTML = `<div class="tabpanel"><select aria-label="Tier"></select></div>`;
    document.querySelector('select')!.focus();
    undo = trackEditingFocus();
    expect(editing()).toBe(true);
    undo();
    undo = null;
    expect(editing()).toBe(false);
  });
});
