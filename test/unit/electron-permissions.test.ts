import { describe, expect, it } from 'vitest';
import { allowPermissionCheck, grantPermission } from '../../electron/core/security/permissions.js';

describe("the shell's permissions", () => {
  it("grants the desk's own page the camera for intake photos", () => {
    expect(grantPermission('media', 'app://dockdesk/index.html#/returns/drafts/d1', ['video'])).toBe(true);
    expect(allowPermissionCheck('media', 'app://dockdesk', 'video')).toBe(true);
  });

  it('refuses the microphone, even asked for with the camera', () => {
    expect(grantPermission('media', 'app://dockdesk/index.html', ['video', 'audio'])).toBe(false);
    expect(grantPermission('media', 'app://dockdesk/index.html', ['audio'])).toBe(false);
    expect(grantPermission('media', 'app://dockdesk/index.html', [])).toBe(false);
    expect(grantPermission('media', 'app://dockdesk/index.html', undefined)).toBe(false);
    expect(allowPermissionCheck('media', 'app://dockdesk', 'audio')).toBe(false);
  });

  it('refuses the camera to any other page: another host, scheme or a look-alike', () => {
    for (const url of [
      'https://dockdesk/',
      'app://dockdesk.evil.example/',
      'app://evil/index.html',
      'http://127.0.0.1:5173/',
      'file:///index.html',
      'not a url',
    ])
      expect(grantPermission('media', url, ['video'])).toBe(false);
    expect(allowPermissionCheck('media', 'https://example.com', 'video')).toBe(false);
  });

  it('refuses every other permission, to the desk itself too', () => {
    for (const permission of ['notifications', 'geolocation', 'display-capture', 'clipboard-read', 'hid', 'serial', 'usb', 'openExternal', 'fullscreen'])
      expect(grantPermission(permission, 'app://dockdesk/index.html', ['video'])).toBe(false);
  });
});
