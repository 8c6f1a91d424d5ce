import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BADGE_PREFIX, isBadgeCode, makeBadgeCode, parseBadgeCode } from '../../areas/clerks/common/badge.js';
import { IdleHandBack } from '../../areas/clerks/common/idle.js';
import { hashPin, verifyPin } from '../../areas/clerks/core/pin.js';
import { splitAim } from '../../shared/scan/detector.js';
import { parseGs1 } from '../../shared/scan/gs1.js';
import { planScan } from '../../shared/scan/plan.js';

const bytes = fc.uint8Array({ minLength: 8, maxLength: 8 });

describe("a clerk's badge code", () => {
  it('reads back as itself, in any case and with the white space a scanner adds', () => {
    fc.assert(
      fc.property(bytes, (random) => {
        const code = makeBadgeCode(random);
        expect(code).toMatch(/^DDCLERK-[0-9A-HJKMNP-TV-Z]{8}-[0-9A-HJKMNP-TV-Z]$/);
        expect(parseBadgeCode(code)).toBe(code);
        expect(parseBadgeCode(` ${code.toLowerCase()}\r`)).toBe(code);
      }),
    );
  });

  it('one character misread is no badge, so a misread never takes the turn for another clerk', () => {
    fc.assert(
      fc.property(bytes, fc.nat(7), fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'), (random, at, replacement) => {
        const code = makeBadgeCode(random);
        const i = BADGE_PREFIX.length + at;
        fc.pre(code[i] !== replacement);
        expect(parseBadgeCode(code.slice(0, i) + replacement + code.slice(i + 1))).toBeNull();
      }),
    );
  });

  it('is none of the codes the scan router looks up, and the router asks no lookup for it', () => {
    for (const other of [
      '4006381333931',
      '0109506000134352',
      '(01)09506000134352(10)ABC',
      'RMA-4711',
      'SKU-10442',
      '1Z999AA10123456784',
      'DDCLERK-',
      'DDCLERK-ABCDEFGH',
    ])
      expect(isBadgeCode(other), other).toBe(false);
    const code = makeBadgeCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
    const { text, symbology } = splitAim(`]C0${code}`);
    expect(text).toBe(code);
    expect([...planScan({ text, symbology, gs1: parseGs1(text) }).kinds]).toEqual([]);
  });
});

describe("a clerk's PIN", () => {
  it('is kept as a salted hash that the PIN alone verifies', async () => {
    const stored = await hashPin('4711');
    expect(JSON.stringify(stored)).not.toContain('4711');
    expect(await verifyPin('4711', stored)).toBe(true);
    expect(await verifyPin('4712', stored)).toBe(false);
    expect(await verifyPin('47110', stored)).toBe(false);
    // Another salt, another hash: two clerks with one PIN cannot be told apart by their hashes.
    const again = await hashPin('4711');
    expect(again.salt).not.toBe(stored.salt);
    expect(again.hash).not.toBe(stored.hash);
    expect(await verifyPin('4711', again)).toBe(true);
  });
});

describe('the idle hand-back', () => {
  const minute = 60_000;
  it('hands back after the set minutes without input, counted from the last input', () => {
    const idle = new IdleHandBack(5, 0);
    expect(idle.dueAt()).toBe(5 * minute);
    expect(idle.isDue(5 * minute - 1)).toBe(false);
    idle.touch(4 * minute);
    expect(idle.isDue(5 * minute)).toBe(false);
    expect(idle.isDue(9 * minute - 1)).toBe(false);
    expect(idle.isDue(9 * minute)).toBe(true);
  });

  it('never hands back at 0 minutes, and a new time counts from the last input', () => {
    const idle = new IdleHandBack(0, 0);
    expect(idle.dueAt()).toBeNull();
    expect(idle.isDue(Number.MAX_SAFE_INTEGER)).toBe(false);
    idle.touch(10 * minute);
    idle.setMinutes(2);
    expect(idle.dueAt()).toBe(12 * minute);
  });

  it('an input reported late (an older time) does not move the hand-back earlier', () => {
    const idle = new IdleHandBack(1, 0);
    idle.touch(30_000);
    idle.touch(10_000);
    expect(idle.dueAt()).toBe(90_000);
  });
});
