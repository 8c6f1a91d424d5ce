import { useT, type Phrase } from '../i18n/useT';
import { ViewHeading } from '../ui/ViewHeading';
/** A workspace whose capability has not shipped in this build: says so plainly instead of pretending. */
export function UpcomingWorkspace({ title, purpose }: { title: Phrase; purpose: Phrase }) {
  const { t } = useT();
  return (
    <section className="workspace" aria-labelledby="upcoming-title">
      <header className="workspace-header">
        <ViewHeading id="upcoming-title">{title(t)}</ViewHeading>
      </header>
      <p className="state">{purpose(t)}</p>
      <p className="state">{t('upcoming.text')}</p>
    </section>
  );
}
