import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES } from '../../../shared/i18n/locales';
import { LABEL_LANGUAGES, type LabelLanguage as LabelLanguageCode } from '../common/item-label';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { Select } from '../../../renderer/src/ui/Select';
import { printingKeys, usePrintingSettings } from './queries';

/**
 * The language of the words printed on this desk's labels ("SKU", test prints): one per desk, kept by
 * main with the printers, English until chosen. The languages are named in their own words.
 */
export function LabelLanguage() {
  const { t } = useT();
  const settings = usePrintingSettings();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (language: LabelLanguageCode) => call('printing.labelLanguage.set', { language }),
    onSuccess: (saved) => client.setQueryData(printingKeys.settings, saved),
  });
  const value = save.isPending && save.variables ? save.variables : (settings.data?.labelLanguage ?? 'en');
  return (
    <div className="label-language">
      <Select
        label={t('printlabel.language')}
        value={value}
        choices={LABEL_LANGUAGES.map((id) => ({ id, label: LANGUAGES[id].name }))}
        onChange={(language) => save.mutate(language)}
      />
      <p className="hint">{t('printlabel.language.help')}</p>
      {save.isError && <ErrorNote error={save.error} prefix={t('printlabel.language.saveFailed')} />}
    </div>
  );
}
