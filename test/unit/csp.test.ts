import { describe, expect, it } from 'vitest';
import { labelViewerCsp, rendererCsp } from '../../electron/core/security/csp.js';

/** A policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the renderer policy', () => {
  const policy = directives(rendererCsp(['sha384-abc']));

  it('admits the box labels print frame as a blob: the page made, and no other frame', () => {
    expect(policy.get('frame-src')).toEqual(['blob:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('stays strict: scripts by hash only, no plugins, no remote origin anywhere', () => {
    expect(policy.get('script-src')).toEqual(["'strict-dynamic'", "'sha384-abc'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    for (const [name, sources] of policy) {
      expect(
        sources.filter((s) => /^(https?:|\*|'unsafe-)/.test(s)),
        name,
      ).toEqual([]);
    }
  });

  it("lets the page connect only to its own origin: 'self' covers the bridge socket, no ws: source is listed", () => {
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    for (const sources of policy.values()) expect(sources.filter((s) => /^wss?:/.test(s))).toEqual([]);
  });

  it('refuses to build without a script hash', () => {
    expect(() => rendererCsp([])).toThrow(/script hash/);
  });
});

describe("the Electron label window's policy", () => {
  const policy = directives(labelViewerCsp());

  it('lets the PDF be shown and nothing else load, run or frame it', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('script-src')).toBe(false);
    expect(policy.has('connect-src')).toBe(false);
  });
});
