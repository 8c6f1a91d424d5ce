import { describe, expect, it } from 'vitest';
import { createListeners } from '../../renderer/src/bridge/listeners.js';

/**
 * The browser bridge hands each event to the listeners subscribed when it arrived, once each. A
 * listener whose delivery makes React subscribe a fresh callback in its place (a toast renders
 * synchronously and flushes pending effects) must not hear the same event twice.
 */
describe('bridge listeners', () => {
  it('a listener replaced during a delivery is called once for that event, the replacement from the next one', () => {
    const hub = createListeners();
    const heard: string[] = [];
    let off = () => {};
    const subscribe = (version: number) => {
      off = hub.on('outbox.sent', (p) => {
        heard.push(`v${version}: ${(p as { referenceId: string }).referenceId}`);
        // What React does when the toast's render flushes the slot's effects: cleanup, then subscribe anew.
        off();
        if (version < 5) subscribe(version + 1); // bounded, so a delivery to newcomers fails the test rather than looping
      });
    };
    subscribe(1);
    hub.deliver('outbox.sent', { referenceId: 'R-1' });
    expect(heard).toEqual(['v1: R-1']);
    hub.deliver('outbox.sent', { referenceId: 'R-2' });
    expect(heard).toEqual(['v1: R-1', 'v2: R-2']);
  });

  it('a listener removed by an earlier one during a delivery is not called; others still are, in order', () => {
    const hub = createListeners();
    const heard: string[] = [];
    let offB = () => {};
    hub.on('outbox.changed', () => {
      heard.push('a');
      offB();
    });
    offB = hub.on('outbox.changed', () => heard.push('b'));
    hub.on('outbox.changed', () => heard.push('c'));
    hub.deliver('outbox.changed', {});
    expect(heard).toEqual(['a', 'c']);
  });

  it('the same function subscribed twice is two subscriptions, each ended by its own call', () => {
    const hub = createListeners();
    let n = 0;
    const listener = () => void n++;
    const off1 = hub.on('outbox.sent', listener);
    hub.on('outbox.sent', listener);
    hub.deliver('outbox.sent', {});
    expect(n).toBe(2);
    off1();
    hub.deliver('outbox.sent', {});
    expect(n).toBe(3);
  });
});
