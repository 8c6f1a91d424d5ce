import { describe, expect, it } from 'vitest';
import { redirectUriMatches } from '../../emulator/auth/registry.js';
import { generateData } from '../../emulator/data/generate.js';
import { ReceivingStatus } from '../../shared/schemas/receiving.js';

describe('redirect URI matching (RFC 8252 section 7.3)', () => {
  const registered = ['http://127.0.0.1/callback', 'https://app.example/cb'];
  it('matches a loopback IP redirect whatever its port', () => {
    expect(redirectUriMatches(registered, 'http://127.0.0.1:53124/callback')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1/callback')).toBe(true);
  });
  it('matches anything else exactly', () => {
    expect(redirectUriMatches(registered, 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:53124/callback')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:53124/callback/extra')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.2:53124/callback')).toBe(false);
    expect(redirectUriMatches(registered, 'not a url')).toBe(false);
  });

  it('matches the registered string exactly, only the loopback port varying: no parser can make another address equal (RFC 8252 7.3)', () => {
    const registered = ['http://127.0.0.1/callback', 'http://[::1]/callback'];
    expect(redirectUriMatches(registered, 'http://[::1]:53124/callback')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:65535/callback')).toBe(true);
    for (const bad of [
      'http://127.0.0.1:53124/foo/../callback',
      'http://127.0.0.1:53124/%2e%2e/callback',
      'http://127.0.0.1:53124/x/%2E%2E/callback',
      'http://127.0.0.1:53124/%63allback',
      'http://evil.example@127.0.0.1:53124/callback',
      'http://evil.example:x@127.0.0.1/callback',
      'http://127.1:53124/callback',
      'http://2130706433:53124/callback',
      'http://0x7f.0.0.1:53124/callback',
      'http://127.0.0.1.:53124/callback',
      'http://127.0.0.1:053124/callback',
      'http://127.0.0.1:0/callback',
      'http://127.0.0.1:65536/callback',
      'http://127.0.0.1:/callback',
      'HTTP://127.0.0.1:53124/callback',
      'http://127.0.0.1:53124/callback?',
      'http://127.0.0.1:53124//callback',
      'http://[::1]:53124/callback/.',
      'http://[0:0:0:0:0:0:0:1]:53124/callback',
    ]) {
      expect(redirectUriMatches(registered, bad), bad).toBe(false);
    }
  });
});

describe('seeded data', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  it('is the same for the same seed and differs for another', () => {
    const a = generateData({ seed: 7, inventoryItems: 50, receivingOrders: 30, now });
    const b = generateData({ seed: 7, inventoryItems: 50, receivingOrders: 30, now });
    const c = generateData({ seed: 8, inventoryItems: 50, receivingOrders: 30, now });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });
  it('has receiving orders in every status, with quantities that fit the status', () => {
    const { receivingOrders } = generateData({ seed: 1, inventoryItems: 50, receivingOrders: 40, now });
    expect(new Set(receivingOrders.map((o) => o.status))).toEqual(new Set(ReceivingStatus.options));
    for (const o of receivingOrders) {
      for (const q of o.boxes.flatMap((b) => b.box_items)) {
        expect(q.stowed_quantity).toBeLessThanOrEqual(q.received_quantity);
        if (o.status === 'Awaiting' || o.status === 'Cancelled') expect(q.received_quantity).toBe(0);
      }
      if (o.status === 'Awaiting' && o.moving) expect(Date.parse(o.expected_arrival_date)).toBeGreaterThan(now.getTime());
    }
    expect(new Set(receivingOrders.map((o) => o.id)).size).toBe(receivingOrders.length);
  });
});
