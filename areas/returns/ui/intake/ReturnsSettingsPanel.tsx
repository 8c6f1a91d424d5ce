import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountKey } from '../../../../renderer/src/app/accountKey';
import { call, errorMessage } from '../../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../../renderer/src/i18n/useT';
import { centerLabel } from '../../../../renderer/src/ui/centerChoices';
import { returnsQueries } from '../queries';
import { useCenters } from '../../../../renderer/src/app/centers';

/** Settings: the fulfillment center a new return starts with, for the environment in use. */
export function ReturnsSettingsPanel({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const { t } = useT();
  const settingsQuery = returnsQueries.settings(useAccountKey());
  const settings = useQuery(settingsQuery);
  const centers = useCenters(signedIn);
  const save = useMutation({
    mutationFn: (center: { id: number; name: string | null } | null) => call('returns.settings.set', { defaultFulfillmentCenter: center }),
    onSuccess: (data) => queryClient.setQueryData(settingsQuery.queryKey, data),
  });
  const current = settings.data?.defaultFulfillmentCenter ?? null;
  const list = centers.data ?? [];
  const choices = current && !list.some((c) => c.id === current.id) ? [current, ...list] : list;
  return (
    <>
      {/* data-section: the palette's "Settings: Returns" line finds the section in any language. */}
      <h2 data-section="Returns">{t('returns.settings.title')}</h2>
      <div className="field">
        <label htmlFor="returns-default-center">{t('returns.settings.defaultCenter')}</label>
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
          <option value="">{t('returns.settings.none')}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {centerLabel(t, c)}
            </option>
          ))}
        </select>
        <span id="returns-default-center-hint" className="hint" role="status">
          {save.isError
            ? t('returns.settings.notSaved', { error: errorMessage(save.error) })
            : centers.isError
              ? t('returns.settings.centersFailed', { error: errorMessage(centers.error) })
              : !signedIn
                ? t('returns.settings.signIn')
                : t('returns.settings.kept')}
        </span>
      </div>
    </>
  );
}
