import { describe, expect, it } from 'vitest';
import { MenuGuard, type ElectronKeyInput } from '../../electron/core/scanner/menu-guard.js';

function key(k: string, code: string, mods: Partial<Pick<ElectronKeyInput, 'control' | 'shift' | 'alt' | 'meta'>> = {}): ElectronKeyInput {
  return { type: 'keyDown', key: k, code, control: false, alt: false, shift: false, meta: false, isAutoRepeat: false, ...mods };
}

describe('menu accelerators during a scan (Electron before-input-event)', () => {
  it('ignores menu shortcuts inside a burst and lets a person’s accelerator through', () => {
    let clock = 1000;
    const guard = new MenuGuard({}, () => clock);
    const seen: boolean[] = [];
    for (const k of [
      key('0', 'Digit0'),
      key('1', 'Digit1'),
      key(']', 'BracketRight', { control: true }),
      key('1', 'Digit1'),
      key('0', 'Digit0'),
      key('r', 'KeyR', { control: true }),
    ]) {
      seen.push(guard.ignoreMenuShortcuts(k));
      clock += 6;
    }
    // The first key cannot be known as a scan yet (it carries no modifier, so no accelerator either).
    expect(seen).toEqual([true, true, true, true, true, true]);
    clock += 2000;
    expect(guard.ignoreMenuShortcuts(key('r', 'KeyR', { control: true }))).toBe(false);
    expect(guard.ignoreMenuShortcuts({ ...key('r', 'KeyR', { control: true }), type: 'keyUp' })).toBe(false);
  });

  it('follows new thresholds', () => {
    let clock = 0;
    const guard = new MenuGuard({ maxGapMs: 10 }, () => clock);
    guard.ignoreMenuShortcuts(key('a', 'KeyA'));
    clock += 30;
    expect(guard.ignoreMenuShortcuts(key('w', 'KeyW', { control: true }))).toBe(false);
    guard.update({ maxGapMs: 100 });
    guard.ignoreMenuShortcuts(key('a', 'KeyA'));
    clock += 30;
    expect(guard.ignoreMenuShortcuts(key('w', 'KeyW', { control: true }))).toBe(true);
  });
});
