import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountKey } from '../../../app/accountKey';
import { call, errorMessage } from '../../../bridge/dockdesk';
import { returnsQueries, useReturnCenters } from '../queries';

/** Settings: the fulfillment center a new return starts with, for the environment in use. */
export function ReturnsSettingsPanel({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const settingsQuery = returnsQueries.settings(useAccountKey());
  const settings = useQuery(settingsQuery);
  const centers = useReturnCenters(signedIn);
  const save = useMutation({
    mutationFn: (center: { id: number; name: string | null } | null) => call('returns.settings.set', { defaultFulfillmentCenter: center }),
    onSuccess: (data) => queryClient.setQueryData(settingsQuery.queryKey, data),
  });
  const current = settings.data?.defaultFulfillmentCenter ?? null;
  const list = centers.data?.items ?? [];
  const choices = current && !list.some((c) => c.id === current.id) ? [current, ...list] : list;
  return (
    <>
      <h2>Returns</h2>
      <div className="field">
        <label htmlFor="returns-default-center">Default fulfillment center for new returns</label>
        <select
          id="returns-default-center"
          value={current ? String(current.id) : ''}
          disabled={settings.isPending || save.isPending}
          aria-describedby="returns-default-center-hint"
          onChange={(e) => {
            const c = choices.find((x) => String(x.id) === e.target.value);
            save.mutate(c ? { id: c.id, name: c.name } : null);
          }}
        >
          <option value="">None: choose on each return</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name ?? `Center ${c.id}`}
            </option>
          ))}
        </select>
        <span id="returns-default-center-hint" className="hint" role="status">
          {save.isError
            ? `Not saved: ${errorMessage(save.error)}`
            : centers.isError
              ? `The centers could not be loaded: ${errorMessage(centers.error)}`
              : !signedIn
                ? 'Sign in to choose from the account’s centers.'
                : 'Kept per environment.'}
        </span>
      </div>
    </>
  );
}
