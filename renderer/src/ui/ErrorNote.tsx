import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { AppErrorException } from '../../../shared/errors';
import { currentWords, useT, type Translate, type MessageId } from '../i18n/useT';

export interface ErrorParts {
  /** One line for places that show one line (a toast, a stale notice): the desk's sentence, then the service's words marked as its. */
  message: string;
  /** The desk's own sentence, in the clerk's language. */
  desk: string;
  /** The service's own words, as they came, marked as the service's ("The service said: “…”"); null when it gave none. */
  service: string | null;
  /** The technical line for support, when main sent one (never translated). */
  detail: string | null;
}

/**
 * An error in the clerk's words: main's AppError carries its sentence as a message id with arguments
 * (`said`), said here in the language in force (English `message` where there is no id, or the id is
 * not in this build's catalog); the service's own words (`serviceMessage`) follow, marked as the
 * service's and never translated. Field errors stay with the form that shows them, as they came.
 */
export function errorParts(error: unknown, t: Translate = currentWords().t): ErrorParts {
  if (error instanceof AppErrorException) {
    const { said, serviceMessage, message, detail } = error.appError as typeof error.appError & { detail?: unknown };
    let desk = message;
    if (said) {
      const text = (t as (id: MessageId, values?: Record<string, string | number>) => string)(said.id as MessageId, said.values);
      if (text !== said.id) desk = text;
    }
    const service = typeof serviceMessage === 'string' && serviceMessage ? t('errors.serviceSaid', { message: serviceMessage }) : null;
    return { message: service ? `${desk} ${service}` : desk, desk, service, detail: typeof detail === 'string' && detail ? detail : null };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, desk: message, service: null, detail: null };
}

export function ErrorNote({ error, prefix, children }: { error: unknown; prefix?: string; children?: React.ReactNode }) {
  const { t } = useT();
  const { desk, service } = errorParts(error, t);
  // The desk's own words first, then the service's, marked as its and set apart.
  return (
    <div className="error-note" role="alert">
      <p>{prefix ? t('ui.error.prefixed', { prefix, message: desk }) : desk}</p>
      {service && (
        <p className="error-note-service">
          <i>{service}</i>
        </p>
      )}
      <ErrorDetails error={error} />
      {children}
    </div>
  );
}

/** Only the technical line, for places that already say what went wrong in their own words (form errors). */
export function ErrorDetails({ error }: { error: unknown }) {
  const { t } = useT();
  const { detail } = errorParts(error, t);
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
