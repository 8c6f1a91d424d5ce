import { APP_ORIGIN } from './app-url.js';

/**
 * What the renderer may ask of the desktop, decided here only (Electron's checklist, item 5): the
 * camera, video alone, to the desk's own page (app://dockdesk), for photos at return intake.
 * Nothing else to anyone: no microphone, notifications, location, screen or devices, and nothing
 * to any other origin (a page the desk never loads, or one an attacker got into a frame).
 */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    // app:// URLs have an opaque origin ("null") in the URL standard; the desk's own is scheme and host.
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

/** A permission request (`session.setPermissionRequestHandler`): `mediaTypes` is what a media request asks for. */
export function grantPermission(permission: string, requestingUrl: string, mediaTypes: readonly string[] | undefined): boolean {
  if (permission !== 'media' || originOf(requestingUrl) !== APP_ORIGIN) return false;
  return mediaTypes !== undefined && mediaTypes.length > 0 && mediaTypes.every((type) => type === 'video');
}

/** A permission check (`session.setPermissionCheckHandler`): `mediaType` is the one kind a check is about. */
export function allowPermissionCheck(permission: string, requestingOrigin: string, mediaType: string | undefined): boolean {
  return permission === 'media' && originOf(requestingOrigin) === APP_ORIGIN && mediaType === 'video';
}
