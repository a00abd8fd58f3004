// The scoring player's keys: which key asks what, never while typing in a text field (or with a modifier, or in a
// dialog); the speeds stepped through and remembered.
import { describe, expect, it } from 'vitest';
import { isTypingTarget, parseSpeed, playerKey, SPEEDS, stepSpeed } from './player-keys.ts';

function element(html: string): Element {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  const target = box.querySelector('[data-target]');
  if (target === null) throw new Error(html);
  return target;
}

const press = (key: string, target: Element, more: Partial<KeyboardEvent> = {}) =>
  playerKey({ key, target, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, ...more });

describe('the speeds', () => {
  it('step up and down through 1×, 1.25×, 1.5× and 2×, staying at the ends', () => {
    expect(SPEEDS).toEqual([1, 1.25, 1.5, 2]);
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1.5, 1)).toBe(2);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(1.25, -1)).toBe(1);
    expect(stepSpeed(1, -1)).toBe(1);
  });

  it('read back what was stored, and 1× for anything else', () => {
    expect(parseSpeed('1.5')).toBe(1.5);
    expect(parseSpeed('2')).toBe(2);
    expect(parseSpeed('3')).toBe(1);
    expect(parseSpeed('fast')).toBe(1);
    expect(parseSpeed(null)).toBe(1);
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields, selects and editable text', () => {
    for (const html of [
      '<input data-target>',
      '<input type="search" data-target>',
      '<input type="tel" data-target>',
      '<textarea data-target></textarea>',
      '<select data-target><option>a</option></select>',
      '<div contenteditable="true"><b data-target>x</b></div>',
      '<div role="combobox" data-target></div>',
    ]) {
      expect(isTypingTarget(element(html)), html).toBe(true);
    }
  });

  it('is false on buttons, radios, sliders and the page', () => {
    for (const html of [
      '<button data-target>Play</button>',
      '<input type="radio" data-target>',
      '<input type="checkbox" data-target>',
      '<div role="slider" data-target></div>',
    ]) {
      expect(isTypingTarget(element(html)), html).toBe(false);
    }
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('playerKey', () => {
  const radio = () => element('<input type="radio" data-target>');

  it('reads Space, ←/→ and [ ]', () => {
    expect(press(' ', radio())).toEqual({ kind: 'toggle' });
    expect(press('ArrowLeft', radio())).toEqual({ kind: 'seek', seconds: -5 });
    expect(press('ArrowRight', document.body)).toEqual({ kind: 'seek', seconds: 5 });
    expect(press('[', radio())).toEqual({ kind: 'speed', step: -1 });
    expect(press(']', radio())).toEqual({ kind: 'speed', step: 1 });
    expect(press('1', radio())).toBeNull();
    expect(press('ArrowDown', radio())).toBeNull();
  });

  it('leaves keys alone while typing, with a modifier, in a dialog, or when something else took them', () => {
    expect(press(' ', element('<textarea data-target></textarea>'))).toBeNull();
    expect(press(']', element('<input data-target>'))).toBeNull();
    expect(press('ArrowLeft', radio(), { altKey: true })).toBeNull();
    expect(press('ArrowRight', radio(), { ctrlKey: true })).toBeNull();
    expect(press(' ', radio(), { metaKey: true })).toBeNull();
    expect(press(' ', element('<div role="dialog"><button data-target>Confirm</button></div>'))).toBeNull();
    expect(press(' ', radio(), { defaultPrevented: true })).toBeNull();
  });
});
