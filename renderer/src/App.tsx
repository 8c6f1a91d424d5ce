import { useEffect, useState } from 'react';
import { errorMessage } from './bridge/dockdesk';
import { SignInPanel } from './session/SignInPanel';
import { useAppInfo, useSession } from './session/useSession';
import { StatusBar } from './StatusBar';
import { ReceivingWorkspace } from './workspaces/ReceivingWorkspace';
import { SettingsWorkspace } from './workspaces/settings/SettingsWorkspace';
import { UpcomingWorkspace } from './workspaces/UpcomingWorkspace';

const WORKSPACES = [
  { id: 'receiving', label: 'Receiving' },
  { id: 'unidentified', label: 'Unidentified receipts' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'lots', label: 'Lot exclusions' },
  { id: 'returns', label: 'Returns' },
  { id: 'settings', label: 'Settings' },
] as const;
type WorkspaceId = (typeof WORKSPACES)[number]['id'];

const UPCOMING: Record<Exclude<WorkspaceId, 'receiving' | 'settings'>, string> = {
  unidentified: 'Packages that arrived without a receiving order, and linking them to one.',
  inventory: 'Inventory lookups that keep working offline, with history per item and lot.',
  lots: 'Excluding lots from fulfillment and restoring them.',
  returns: 'Return intake driven by a USB barcode scanner.',
};

export function App() {
  const session = useSession();
  const info = useAppInfo();
  const [workspace, setWorkspace] = useState<WorkspaceId>('receiving');

  // Alt+1 … Alt+6 switch workspaces from anywhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const target = WORKSPACES[Number(event.key) - 1];
      if (target) {
        event.preventDefault();
        setWorkspace(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (session.isPending) return <p className="state" role="status">Starting Dockdesk…</p>;
  if (session.isError)
    return (
      <main className="fatal" role="alert">
        <h1>Dockdesk could not start</h1>
        <p>{errorMessage(session.error)}</p>
      </main>
    );
  const state = session.data;
  const signedIn = state.status === 'signed-in';

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Workspaces">
        <div className="brand">Dockdesk</div>
        <ul>
          {WORKSPACES.map((w, i) => (
            <li key={w.id}>
              <button type="button" aria-current={workspace === w.id ? 'page' : undefined} onClick={() => setWorkspace(w.id)} title={`Alt+${i + 1}`}>
                {w.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        {state.channelChoices.length > 0 && workspace !== 'settings' && (
          <p className="note" role="note">
            Several channels of this account can make changes.{' '}
            <button type="button" onClick={() => setWorkspace('settings')}>
              Choose one in Settings
            </button>
          </p>
        )}
        {info.data?.notice && (
          <p className="notice" role="note">
            {info.data.notice}
          </p>
        )}
        {workspace === 'settings' ? (
          <SettingsWorkspace session={state} />
        ) : !signedIn ? (
          <SignInPanel session={state} />
        ) : workspace === 'receiving' ? (
          <ReceivingWorkspace />
        ) : (
          <UpcomingWorkspace title={WORKSPACES.find((w) => w.id === workspace)!.label} purpose={UPCOMING[workspace]} />
        )}
      </main>
      <StatusBar session={state} />
    </div>
  );
}
