import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ATTEMPTS, PIN_LOCK_MINUTES } from '../../areas/clerks/common/ipc.js';
import type { Clock } from '../../electron/core/clock.js';
import { createTestCore, type TestCore } from '../support/test-core.js';
import { value } from '../support/returns-desk.js';

/**
 * A clerk's PIN through the core's IPC: five wrong ones in a row refuse it for five minutes by the
 * core's clock (moved by the test, so nothing waits), unchecked, even the right one; the right one
 * before that starts the count again, and the lock is the clerk's alone.
 */
let now = new Date('2026-11-29T14:00:00Z');
const clock: Clock = { now: () => new Date(now) };
let t: TestCore;
let anna: string;
let ben: string;

beforeAll(async () => {
  t = await createTestCore({ clock });
  value<'clerks.add'>(await t.core.dispatch('clerks.add', { name: 'Anna', pin: '4711' }));
  const view = value<'clerks.add'>(await t.core.dispatch('clerks.add', { name: 'Ben', pin: '1234' }));
  anna = view.clerks.find((c) => c.name === 'Anna')!.id;
  ben = view.clerks.find((c) => c.name === 'Ben')!.id;
}, 60_000);
afterAll(() => t?.dispose());

const take = async (id: string, pin?: string) => value<'clerks.turn.take'>(await t.core.dispatch('clerks.turn.take', pin === undefined ? { id } : { id, pin }));
const turn = async () => value<'clerks.get'>(await t.core.dispatch('clerks.get', {})).current;

describe('wrong PINs in a row', () => {
  it('refuse the clerk’s PIN for five minutes after the fifth, the right one too, and the right one before that starts the count again', async () => {
    expect(PIN_ATTEMPTS).toBe(5);
    expect(PIN_LOCK_MINUTES).toBe(5);
    // Four wrong, then the right one: taken, and the count starts again.
    for (let i = 0; i < 4; i++) expect(await take(anna, '0000')).toMatchObject({ status: 'wrongPin' });
    expect(await take(anna, '4711')).toMatchObject({ status: 'taken', clerk: { name: 'Anna' } });
    value<'clerks.turn.end'>(await t.core.dispatch('clerks.turn.end', { why: 'clerk' }));

    for (let i = 0; i < 4; i++) expect(await take(anna, '0000')).toMatchObject({ status: 'wrongPin' });
    const until = new Date(now.getTime() + 5 * 60_000).toISOString();
    expect(await take(anna, '0000')).toEqual({ status: 'pinLocked', clerk: { id: anna, name: 'Anna' }, until });
    // Locked: the right PIN is refused, and asking with none says so at once.
    expect(await take(anna, '4711')).toEqual({ status: 'pinLocked', clerk: { id: anna, name: 'Anna' }, until });
    expect(await take(anna)).toMatchObject({ status: 'pinLocked', until });
    expect(await turn()).toBeNull();
    // Another clerk is not held by Anna's lock.
    expect(await take(ben, '1234')).toMatchObject({ status: 'taken', clerk: { name: 'Ben' } });
    value<'clerks.turn.end'>(await t.core.dispatch('clerks.turn.end', { why: 'clerk' }));

    now = new Date(now.getTime() + 5 * 60_000 - 1000);
    expect(await take(anna, '4711')).toMatchObject({ status: 'pinLocked', until });
    now = new Date(now.getTime() + 1000);
    expect(await take(anna, '4711')).toMatchObject({ status: 'taken', clerk: { name: 'Anna' } });
    expect(await turn()).toEqual({ id: anna, name: 'Anna' });
  });

  it('a new PIN set in Settings starts the count again', async () => {
    value<'clerks.turn.end'>(await t.core.dispatch('clerks.turn.end', { why: 'clerk' }));
    for (let i = 0; i < 4; i++) expect(await take(ben, '9999')).toMatchObject({ status: 'wrongPin' });
    value<'clerks.pin.set'>(await t.core.dispatch('clerks.pin.set', { id: ben, pin: '2468' }));
    for (let i = 0; i < 4; i++) expect(await take(ben, '9999')).toMatchObject({ status: 'wrongPin' });
    expect(await take(ben, '9999')).toMatchObject({ status: 'pinLocked' });
  });
});
