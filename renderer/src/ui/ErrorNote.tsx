import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { AppErrorException } from '../../../shared/errors';

/** An AppError's message, a sentence of the user's language; its technical detail, when main sent one, behind "Details". */
export function errorParts(error: unknown): { message: string; detail: string | null } {
  if (error instanceof AppErrorException) {
    const detail = (error.appError as { detail?: unknown }).detail;
    return { message: error.appError.message, detail: typeof detail === 'string' && detail ? detail : null };
  }
  return { message: error instanceof Error ? error.message : String(error), detail: null };
}

export function ErrorNote({ error, prefix, children }: { error: unknown; prefix?: string; children?: React.ReactNode }) {
  const { message } = errorParts(error);
  return (
    <div className="error-note" role="alert">
      <p>
        {prefix ? `${prefix}: ` : ''}
        {message}
      </p>
      <ErrorDetails error={error} />
      {children}
    </div>
  );
}

/** Only the technical line, for places that already say what went wrong in their own words (form errors). */
export function ErrorDetails({ error }: { error: unknown }) {
  const { detail } = errorParts(error);
  if (!detail) return null;
  return (
    <Disclosure className="details">
      <Button slot="trigger">Details</Button>
      <DisclosurePanel>
        <pre>{detail}</pre>
      </DisclosurePanel>
    </Disclosure>
  );
}
