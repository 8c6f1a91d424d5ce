import { useT } from '../i18n/useT';
import { centerChoices, type NamedCenter } from './centerChoices';
import { ComboBox } from './Select';

/**
 * A list's fulfillment-center filter: one center, typed or picked by name, or none (every center,
 * which the empty field says). Every list that narrows to a center uses it, so the field reads and
 * behaves alike across areas; the value is the center's id, as the list's address keeps it.
 */
export function CenterFilter({
  centers,
  value,
  onChange,
}: {
  centers: readonly NamedCenter[];
  value: number | undefined;
  onChange: (fc: number | undefined) => void;
}) {
  const { t } = useT();
  return (
    <ComboBox
      label={t('ui.centerFilter.label')}
      placeholder={t('ui.centerFilter.all')}
      value={value === undefined ? null : String(value)}
      choices={centerChoices(t, centers)}
      onChange={(id) => onChange(id === null ? undefined : Number(id))}
    />
  );
}
