import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { AppErrorException } from '../../../shared/errors';
import { useT } from '../i18n/useT';

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
  const { t } = useT();
  // The desk's own words first, then the message as it came (main's, or the service's through it).
  return (
    <div className="error-note" role="alert">
      <p>{prefix ? t('ui.error.prefixed', { prefix, message }) : message}</p>
      <ErrorDetails error={error} />
      {children}
    </div>
  );
}

/** Only the technical line, for places that already say what went wrong in their own words (form errors). */
export function ErrorDetails({ error }: { error: unknown }) {
  const { detail } = errorParts(error);
  const { t } = useT();
  if (!detail) return null;
  return (
    <Disclosure className="details">
      <Button slot="trigger">{t('ui.details')}</Button>
      <DisclosurePanel>
        <pre>{detail}</pre>
      </DisclosurePanel>
    </Disclosure>
  );
}
