import { useCallback, useEffect, useState } from 'react';
import type { PresenceRecordKind } from '../common/store';
import type { PresenceAnswer } from '../common/ipc';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import './presence.css';

/**
 * The other desks that have this record open, while it is open here: this desk says it has it open
 * (through the store it shares, if any), and hears at once when another desk opens or closes it.
 * A desk that shares no store hears of no one, and asks nothing of the service either way.
 */
export function useOpenElsewhere(kind: PresenceRecordKind, id: string): PresenceAnswer['desks'] {
  const key = `${kind}:${id}`;
  // Kept with the record it is for: another record opened in the same view starts with no one.
  const [heard, setHeard] = useState<{ key: string; desks: PresenceAnswer['desks'] }>({ key, desks: [] });
  useEffect(() => {
    let live = true;
    const record = { kind, id };
    call('desks.presence.enter', record)
      .then((answer) => live && setHeard({ key: `${answer.kind}:${answer.id}`, desks: answer.desks }))
      // Presence is a courtesy: a store that does not answer leaves the record as it is, said in the status bar.
      .catch(() => undefined);
    return () => {
      live = false;
      void call('desks.presence.exit', record).catch(() => undefined);
    };
  }, [kind, id]);
  useDockdeskEvent(
    'desks.presence.changed',
    useCallback(
      (answer: PresenceAnswer) => {
        if (answer.kind === kind && answer.id === id) setHeard({ key: `${answer.kind}:${answer.id}`, desks: answer.desks });
      },
      [kind, id],
    ),
  );
  return heard.key === key ? heard.desks : [];
}

/** "Open at <desk>" beside a record's heading, announced politely when it appears; nothing when no other desk has it open. */
export function OpenElsewhere({ kind, id }: { kind: PresenceRecordKind; id: string | number }) {
  const desks = useOpenElsewhere(kind, String(id));
  const { t } = useT();
  const [first, ...more] = desks;
  return (
    <span role="status" className="open-elsewhere" data-testid="open-elsewhere">
      {first ? t('desks.presence.openAt', { desk: first.deskName, more: more.length }) : null}
    </span>
  );
}
