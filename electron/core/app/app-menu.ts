import type { MainWords } from '../words.js';

/**
 * The desktop app's menu bar, in the desk's language: what a clerk can reach there, with Electron's
 * roles doing the work (each role brings its usual shortcut, Ctrl+C or Cmd+Q). Only what a person at
 * the desk uses: editing in fields, zoom (text size) and full screen, the window; no reload and no
 * developer tools, which Electron's default menu would offer. macOS leads with the app's own menu,
 * as its users expect; elsewhere File holds Exit. Plain data here (no Electron import) so it is tested
 * in Node; electron/main.ts builds it with Menu.buildFromTemplate and again when the language changes.
 */
export interface MenuItem {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  submenu?: MenuItem[];
}

/** Electron's menu roles used here (MenuItemConstructorOptions['role']). */
export type MenuRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'close'
  | 'front';

const APP = 'Dockdesk';
const SEPARATOR: MenuItem = { type: 'separator' };

export function appMenu(platform: NodeJS.Platform, { t }: MainWords): MenuItem[] {
  const mac = platform === 'darwin';
  const edit: MenuItem = {
    label: t('shell.menu.edit'),
    submenu: [
      { role: 'undo', label: t('shell.menu.undo') },
      { role: 'redo', label: t('shell.menu.redo') },
      SEPARATOR,
      { role: 'cut', label: t('shell.menu.cut') },
      { role: 'copy', label: t('shell.menu.copy') },
      { role: 'paste', label: t('shell.menu.paste') },
      { role: 'selectAll', label: t('shell.menu.selectAll') },
    ],
  };
  const view: MenuItem = {
    label: t('shell.menu.view'),
    submenu: [
      { role: 'zoomIn', label: t('shell.menu.zoomIn') },
      { role: 'zoomOut', label: t('shell.menu.zoomOut') },
      { role: 'resetZoom', label: t('shell.menu.resetZoom') },
      SEPARATOR,
      { role: 'togglefullscreen', label: t('shell.menu.fullScreen') },
    ],
  };
  const window: MenuItem = {
    label: t('shell.menu.window'),
    submenu: [
      { role: 'minimize', label: t('shell.menu.minimize') },
      { role: 'close', label: t('shell.menu.close') },
      ...(mac ? [SEPARATOR, { role: 'front', label: t('shell.menu.front') } satisfies MenuItem] : []),
    ],
  };
  if (!mac) return [{ label: t('shell.menu.file'), submenu: [{ role: 'quit', label: t('shell.menu.exit') }] }, edit, view, window];
  const appItems: MenuItem = {
    label: APP,
    submenu: [
      { role: 'about', label: t('shell.menu.about', { app: APP }) },
      SEPARATOR,
      { role: 'hide', label: t('shell.menu.hide', { app: APP }) },
      { role: 'hideOthers', label: t('shell.menu.hideOthers') },
      { role: 'unhide', label: t('shell.menu.showAll') },
      SEPARATOR,
      { role: 'quit', label: t('shell.menu.quit', { app: APP }) },
    ],
  };
  return [appItems, edit, view, window];
}
