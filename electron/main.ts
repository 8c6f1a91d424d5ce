import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import ElectronStore from 'electron-store';
import { channelNames, ELECTRON_EVENT_CHANNEL, ELECTRON_INVOKE_PREFIX, invokeOptionsFrom, type EventName, type EventPayload } from '../shared/ipc/contract.js';
import { createAppCore, type AppCore } from './core/app-core.js';
import { rendererDir } from './core/paths.js';
import { appError, wordsFor } from './core/words.js';
import { appMenu } from './core/app/app-menu.js';
import { printerStatus, type SystemPrintPort } from '../areas/printing/core/index.js';
import { MenuGuard } from './core/scanner/index.js';
import { APP_ORIGIN, APP_SCHEME, appFileFor, isAppUrl } from './core/security/app-url.js';
import { allowPermissionCheck, grantPermission } from './core/security/permissions.js';
import { labelViewerCsp, loadRendererCsp, rendererSecurityHeaders } from './core/security/csp.js';
import { confStoreBackend, prepareDataDir, SETTINGS_FILE_MODE } from './core/settings/conf-backend.js';
import type { ScannerSettings } from '../shared/schemas/scanner.js';
import type { Preferences } from '../shared/schemas/preferences.js';

/**
 * The Electron shell: window, lifecycle and IPC wiring around the plain-Node core. Everything
 * here follows Electron's security checklist: context isolation, sandbox, no Node integration,
 * a strict CSP, the app served from its own scheme, navigation and new windows denied, every IPC
 * sender checked, and openExternal only for the current environment's authorize URL.
 */

/** Box label PDFs for the label window, each under a one-time random name, served from memory by main. */
const LABELS_SCHEME = 'dockdesk-labels';

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
  // Standard and secure so Chromium's PDF viewer treats the document like any https PDF; nothing else.
  { scheme: LABELS_SCHEME, privileges: { standard: true, secure: true } },
]);

if (!app.requestSingleInstanceLock()) {
  // One main process per user: two would race on the refresh token (rotation).
  app.quit();
}

let mainWindow: BrowserWindow | null = null;
let core: AppCore | null = null;
/** Keeps menu accelerators quiet while a barcode scanner types (thresholds from the scanner settings). */
const menuGuard = new MenuGuard();

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Serves the built renderer from app://dockdesk/, refusing any path that leaves its folder. */
function registerAppProtocol(): void {
  const root = rendererDir();
  const securityHeaders = rendererSecurityHeaders(loadRendererCsp(root));
  protocol.handle(APP_SCHEME, async (request) => {
    const found = appFileFor(root, request.url);
    if (found.kind === 'refused') return new Response(found.text, { status: found.status });
    const file = found.path;
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...securityHeaders } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** PDFs a label window is showing, by their one-time name; dropped when the window closes. */
const labelPdfs = new Map<string, Buffer>();

function registerLabelsProtocol(): void {
  const headers = { ...rendererSecurityHeaders(labelViewerCsp()), 'content-type': 'application/pdf', 'cache-control': 'no-store' };
  protocol.handle(LABELS_SCHEME, (request) => {
    const name = new URL(request.url).host;
    const pdf = labelPdfs.get(name);
    if (!pdf) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(pdf), { headers });
  });
}

/**
 * A window holding one PDF and nothing else: no preload, sandboxed, isolated, no Node, its own policy
 * (labelViewerCsp), no navigation, no new windows. The token never reaches it: main fetched the bytes.
 */
async function pdfWindow(pdf: Buffer, fileName: string, title: string, show: boolean): Promise<BrowserWindow> {
  const name = randomUUID();
  labelPdfs.set(name, pdf);
  const url = `${LABELS_SCHEME}://${name}/${encodeURIComponent(fileName)}`;
  const win = new BrowserWindow({
    width: 900,
    height: 1000,
    title,
    show,
    ...(mainWindow ? { parent: mainWindow } : {}),
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // No links here to middle-click; new windows are denied anyway.
      disableBlinkFeatures: 'Auxclick',
      // Reviewed (Electronegativity PLUGINS_JS_CHECK): Chromium's own PDF viewer is the one plugin, for our PDF only.
      plugins: true, // eng-disable PLUGINS_JS_CHECK
    },
  });
  win.on('closed', () => labelPdfs.delete(name));
  win.on('page-title-updated', (event) => event.preventDefault());
  win.webContents.on('will-navigate', (event, target) => {
    if (target !== url) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  await win.loadURL(url);
  return win;
}

/** Box labels in a window of their own (Chromium's PDF viewer: its toolbar saves and prints), or the system print dialog straight away. */
async function showLabels(labels: { pdf: Buffer; fileName: string; title: string }, mode: 'view' | 'print'): Promise<void> {
  const win = await pdfWindow(labels.pdf, labels.fileName, labels.title, mode === 'view');
  if (mode === 'print') {
    // The system print dialog; the hidden window goes once the dialog is done with, printed or not.
    win.webContents.print({ silent: false, printBackground: true }, () => {
      if (!win.isDestroyed()) win.close();
    });
  }
}

/**
 * The system's printers for the core (areas/printing/core/system-print.ts decides the rest): listed
 * through the desk's window, and a label PDF printed silently from a hidden PDF window, the page the
 * label's exact size in microns with no margins (Electron otherwise prints A4, or ignores the size).
 */
const systemPrint: SystemPrintPort = {
  async list() {
    if (!mainWindow || mainWindow.isDestroyed()) throw new Error('the desk’s window is not open');
    const printers = await mainWindow.webContents.getPrintersAsync();
    return printers.map((p) => ({ name: p.name, displayName: p.displayName || p.name, status: printerStatus(p.options as Record<string, string>) }));
  },
  async printPdf(pdf, { deviceName, widthMicrons, heightMicrons, copies, title }) {
    const win = await pdfWindow(pdf, 'label.pdf', title, false);
    try {
      await new Promise<void>((resolve, reject) =>
        win.webContents.print(
          {
            silent: true,
            ...(deviceName ? { deviceName } : {}),
            pageSize: { width: widthMicrons, height: heightMicrons },
            margins: { marginType: 'none' },
            printBackground: true,
            copies,
          },
          (printed, failureReason) => (printed ? resolve() : reject(new Error(failureReason || 'the system refused the job'))),
        ),
      );
    } finally {
      if (!win.isDestroyed()) win.close();
    }
  },
};

/** Checklist 17: only our own main frame, on our own origin, may call. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!frame || !mainWindow || event.sender !== mainWindow.webContents) return false;
  if (frame !== event.sender.mainFrame) return false;
  try {
    return isAppUrl(frame.url);
  } catch {
    return false;
  }
}

function emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(ELECTRON_EVENT_CHANNEL, event, payload);
}

/** The menu bar in the desk's language (the choice in Settings, else the system's): built anew when it changes. */
function applyMenu(preferences: Preferences): void {
  const words = wordsFor(preferences.language, app.getPreferredSystemLanguages());
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenu(process.platform, words)));
}

function registerIpc(appCore: AppCore): void {
  for (const channel of channelNames) {
    ipcMain.handle(ELECTRON_INVOKE_PREFIX + channel, async (event, input: unknown, options: unknown) => {
      if (!isTrustedSender(event)) {
        return { ok: false, error: appError('unauthorized_sender', 'errors.ipc.notOurWindow').appError };
      }
      const result = await appCore.dispatch(channel, input, invokeOptionsFrom(options));
      if (channel === 'scanner.settings.set' && result.ok) menuGuard.update(result.value as ScannerSettings);
      if (channel === 'app.preferences.set' && result.ok) applyMenu(result.value as Preferences);
      return result;
    });
  }
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 560,
    title: 'Dockdesk',
    show: false,
    webPreferences: {
      // Reviewed (Electronegativity PRELOAD_JS_CHECK): it exposes only window.dockdesk {invoke, on}, checked against the contract.
      preload: join(import.meta.dirname, 'preload.cjs'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would try to open links in new windows; they are denied anyway, this stops the attempt.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  // Checklist 13 and 14: no navigation away from the app, no new windows.
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // Menu accelerators must not fire inside a scanner's burst; the page still receives every key.
  win.webContents.on('before-input-event', (_event, input) => win.webContents.setIgnoreMenuShortcuts(menuGuard.ignoreMenuShortcuts(input)));
  win.once('ready-to-show', () => win.show());
  win.loadURL(`${APP_ORIGIN}/index.html`).catch((error: unknown) => console.error('The desk page did not load:', error));
  return win;
}

async function start(): Promise<void> {
  await app.whenReady();
  // Checklist 5: the camera (video only) to the desk's own page for intake photos; every other permission refused (security/permissions.ts).
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(grantPermission(permission, details.requestingUrl, 'mediaTypes' in details ? details.mediaTypes : undefined)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    allowPermissionCheck(permission, requestingOrigin, details.mediaType),
  );
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  registerAppProtocol();
  registerLabelsProtocol();

  const dataDir = app.getPath('userData');
  // The folder 0700 and settings.json 0600 before the first write; an unreadable file is kept, not cleared.
  prepareDataDir(dataDir);
  core = await createAppCore({
    shell: 'electron',
    version: app.getVersion(),
    dataDir,
    settingsBackend: confStoreBackend(
      join(dataDir, 'settings.json'),
      () => new ElectronStore<Record<string, unknown>>({ name: 'settings', cwd: dataDir, clearInvalidConfig: false, configFileMode: SETTINGS_FILE_MODE }),
    ),
    emit,
    // The app's own log folder, from a fixed path (never a path the renderer sent).
    openPath: async (path) => (await shell.openPath(path)) === '',
    showLabels,
    systemPrint,
    // Checklist 15: the system browser opens only the current environment's authorize URL.
    openAuthorizeUrl: async (url) => {
      if (!core?.isAuthorizeUrl(url)) throw new Error("Refusing to open a URL that is not this environment's sign-in page.");
      // Reviewed (Electronegativity OPEN_EXTERNAL_JS_CHECK): the URL was just checked to be this environment's authorize endpoint.
      await shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
    },
  });
  registerIpc(core);
  const preferences = await core.dispatch('app.preferences.get', {});
  if (preferences.ok) applyMenu(preferences.value as Preferences);
  const scanner = await core.dispatch('scanner.settings.get', {});
  if (scanner.ok) menuGuard.update(scanner.value as ScannerSettings);
  mainWindow = createWindow();

  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', (event) => {
  if (core) {
    event.preventDefault();
    const closing = core;
    core = null;
    closing
      .close()
      .catch((error: unknown) => console.error('The core did not close cleanly:', error))
      .finally(() => app.quit());
  }
});

start().catch((error: unknown) => {
  process.stderr.write(`dockdesk: could not start: ${(error as Error).message}\n`);
  app.exit(1);
});
