import { ViewHeading } from '../ui/ViewHeading';
import { Link } from '@tanstack/react-router';
import { ErrorNote } from '../ui/ErrorNote';
import { useT } from '../i18n/useT';

export function NotFoundView() {
  const { t } = useT();
  return (
    <section className="workspace" aria-labelledby="not-found-title">
      <header className="workspace-header">
        <ViewHeading id="not-found-title">{t('route.notFound.title')}</ViewHeading>
      </header>
      <p className="state">{t('route.notFound.text')}</p>
      <Link to="/receiving">{t('route.goToReceiving')}</Link>
    </section>
  );
}

export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useT();
  return (
    <section className="workspace" aria-labelledby="route-error-title">
      <header className="workspace-header">
        <ViewHeading id="route-error-title">{t('route.error.title')}</ViewHeading>
      </header>
      <ErrorNote error={error} />
      <Link to="/receiving">{t('route.goToReceiving')}</Link>
    </section>
  );
}
