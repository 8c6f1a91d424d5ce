import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, appFileFor, isAppUrl } from '../../electron/core/security/app-url.js';

describe('the app:// scheme: which addresses are the app', () => {
  it('knows that Node\'s URL gives a non-special scheme the origin "null" (why origins are not compared)', () => {
    expect(new URL('app://dockdesk/index.html').origin).toBe('null');
  });

  it.each([
    'app://dockdesk/index.html',
    'app://dockdesk/',
    'app://dockdesk',
    'app://dockdesk/index.html?x=1',
    'app://dockdesk/index.html#/receiving?status=Completed',
    `${APP_ORIGIN}/assets/app.js`,
  ])('trusts %s (the forms Electron reports for our own frames)', (address) => {
    expect(isAppUrl(address)).toBe(true);
  });

  it.each([
    'app://dockdesk.evil/index.html',
    'app://evil/index.html',
    'app://dockdesk:8080/index.html',
    'app://user@dockdesk/index.html',
    'app://evil@dockdesk.evil/',
    'file:///usr/share/dockdesk/index.html',
    'http://127.0.0.1:5173/index.html',
    'https://dockdesk/index.html',
    'dockdesk-labels://0b0e/labels.pdf',
    'about:blank',
    'not a url',
    '',
  ])('refuses %s', (address) => {
    expect(isAppUrl(address)).toBe(false);
  });
});

describe('the app:// scheme: which file a request gets', () => {
  const root = join(sep, 'opt', 'dockdesk', 'renderer');

  it('serves index.html for the root and decodes escapes in a path', () => {
    expect(appFileFor(root, 'app://dockdesk/')).toEqual({ kind: 'file', path: join(root, 'index.html') });
    expect(appFileFor(root, 'app://dockdesk/assets/a%20b.js?v=1')).toEqual({ kind: 'file', path: join(root, 'assets', 'a b.js') });
  });

  it('answers a malformed %-escape with 400 instead of throwing', () => {
    for (const address of ['app://dockdesk/%E0%A4%A', 'app://dockdesk/%', 'app://dockdesk/assets/%zz.js']) {
      expect(appFileFor(root, address), address).toMatchObject({ kind: 'refused', status: 400 });
    }
  });

  it('refuses a path that leaves the build folder, and another host', () => {
    // The URL parser itself resolves %2e%2e segments, so this one stays inside the folder.
    expect(appFileFor(root, 'app://dockdesk/%2e%2e/%2e%2e/etc/passwd')).toEqual({ kind: 'file', path: join(root, 'etc', 'passwd') });
    expect(appFileFor(root, 'app://dockdesk/..%2f..%2fsecrets')).toMatchObject({ kind: 'refused', status: 403 });
    expect(appFileFor(root, 'app://other/index.html')).toMatchObject({ kind: 'refused', status: 404 });
  });
});
