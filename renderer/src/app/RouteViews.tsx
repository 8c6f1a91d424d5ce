import { ViewHeading } from '../ui/ViewHeading';
import { Link } from '@tanstack/react-router';
import { ErrorNote } from '../ui/ErrorNote';

export function NotFoundView() {
  return (
    <section className="workspace" aria-labelledby="not-found-title">
      <header className="workspace-header">
        <ViewHeading id="not-found-title">No such view</ViewHeading>
      </header>
      <p className="state">This address does not lead anywhere in Dockdesk.</p>
      <Link to="/receiving">Go to Receiving</Link>
    </section>
  );
}

export function RouteErrorView({ error }: { error: unknown }) {
  return (
    <section className="workspace" aria-labelledby="route-error-title">
      <header className="workspace-header">
        <ViewHeading id="route-error-title">This view could not open</ViewHeading>
      </header>
      <ErrorNote error={error} />
      <Link to="/receiving">Go to Receiving</Link>
    </section>
  );
}
