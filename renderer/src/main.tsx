// First: zod's settings apply from its first schema on.
import './app/zodConfig';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createIntl, RawIntlProvider } from 'react-intl';
import { SOURCE_LANGUAGE } from '../../shared/i18n/locales';
import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/schemas/preferences';
import { applyTheme, preferencesKey } from './app/preferences';
import { queryClient } from './app/queryClient';
import { restoreAddress } from './app/rememberAddress';
import { call } from './bridge/dockdesk';
import { readLaunchSecret } from './bridge/launch-secret';
import { createSocketBridge } from './bridge/socket-bridge';
import { installKeyboard } from './keyboard/shortcuts';
import { areas } from './areas';
import { createAppRouter } from './router';
import { applyLocale, I18nRoot } from './i18n/I18nRoot';
import { englishMessages, loadMessages } from './i18n/catalogs';
import { useT } from './i18n/useT';
import { installAreas } from './workspaces/contributions';
import './styles.css';

// Every area's sidebar entry, palette lines, scan resolvers, Settings panels and status items, once at start.
installAreas(areas);

// In Electron the preload has set window.dockdesk; in the browser shell the bridge comes from here.
if (!window.dockdesk) {
  const secret = readLaunchSecret();
  if (secret) window.dockdesk = createSocketBridge(secret);
}

const root = document.getElementById('root');
// eslint-disable-next-line dockdesk/no-literal-ui-text -- for the developer: index.html always has it
if (!root) throw new Error('no #root element');

async function start(container: HTMLElement) {
  if (!window.dockdesk) {
    // No core, so no preferences: the page speaks the system's language.
    const { catalog, locale } = applyLocale('system');
    const messages = await loadMessages(catalog).catch(() => null);
    const intl = createIntl({ locale: messages ? locale : SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE, messages: messages ?? englishMessages });
    createRoot(container).render(
      <RawIntlProvider value={intl}>
        <MissingBridge />
      </RawIntlProvider>,
    );
    return;
  }
  // Theme and last address first, so the first paint is already the right view in the right colours.
  const preferences: Preferences = await call('app.preferences.get', {}).catch(() => DEFAULT_PREFERENCES);
  queryClient.setQueryData(preferencesKey, preferences);
  applyTheme(preferences.theme);
  // The chosen language's catalog before the first paint, so the desk never opens in English first.
  await loadMessages(applyLocale(preferences.language).catalog).catch((error: unknown) => console.error('The catalog did not load:', error));
  restoreAddress(preferences.lastAddress);
  installKeyboard();
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nRoot>
          <RouterProvider router={router} />
        </I18nRoot>
      </QueryClientProvider>
    </StrictMode>,
  );
}

start(root).catch((error: unknown) => console.error('The desk did not start:', error));

function MissingBridge() {
  const { t, rich } = useT();
  return (
    <main className="fatal" role="alert">
      <h1>{t('ui.start.noCore.title')}</h1>
      <p>{rich('ui.start.noCore.says', { command: 'npm start', code: (chunks) => <code>{chunks}</code> })}</p>
    </main>
  );
}
