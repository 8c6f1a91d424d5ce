/** A workspace whose capability has not shipped in this build: says so plainly instead of pretending. */
export function UpcomingWorkspace({ title, purpose }: { title: string; purpose: string }) {
  return (
    <section className="workspace" aria-labelledby="upcoming-title">
      <header className="workspace-header">
        <h1 id="upcoming-title">{title}</h1>
      </header>
      <p className="state">{purpose}</p>
      <p className="state">This workspace is not part of this build of Dockdesk yet.</p>
    </section>
  );
}
