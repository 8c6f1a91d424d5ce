import { ZodError, type z } from 'zod';
import { AppErrorException, type AppError } from '../../../shared/errors.js';
import { appError } from '../words.js';
import { channels, type Channels, type IpcResult } from '../../../shared/ipc/contract.js';
import type { ChannelSpec } from '../../../shared/ipc/define.js';

/** What a handler gets besides its input: a signal that aborts when the renderer cancels the call. */
export interface CallContext {
  signal: AbortSignal;
}

/** One handler per channel of a map: an area's handlers.ts returns `HandlersFor<typeof itsChannels>`. */
export type HandlersFor<M extends Record<string, ChannelSpec>> = {
  [C in keyof M]: (input: z.output<M[C]['input']>, call: CallContext) => Promise<z.input<M[C]['output']>>;
};

/** One handler per contract channel. A missing one is a type error, so no channel can be forgotten. */
export type Handlers = HandlersFor<Channels>;

/**
 * The single entry for every call from the renderer, whatever the shell: checks the channel name,
 * validates the input, runs the handler, validates the output, and turns any failure into an
 * AppError value. Never passes a stack trace or an unexpected error's text across.
 */
export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  rawInput: unknown,
  log: (line: string) => void = () => {},
  signal: AbortSignal = new AbortController().signal,
  // The channels of the areas the core was built with (the contract's, plus a test's fixture area).
  contract: Readonly<Record<string, ChannelSpec>> = channels,
): Promise<IpcResult<unknown>> {
  if (typeof channel !== 'string' || !Object.hasOwn(contract, channel))
    return fail(appError('unknown_channel', 'errors.ipc.unknownChannel', undefined, { detail: String(channel).slice(0, 128) }).appError);
  const spec = contract[channel]!;
  const input = spec.input.safeParse(rawInput ?? {});
  if (!input.success) {
    const issue = input.error.issues[0];
    const field = issue?.path.join('.') || '(input)';
    return fail(
      appError(
        'invalid_input',
        'errors.ipc.invalidInput',
        { field },
        {
          detail: `Invalid input for ${channel}: ${field}: ${sentence(issue?.message ?? 'invalid')}`,
          fieldErrors: Object.fromEntries(input.error.issues.map((i) => [i.path.join('.') || '_', [i.message]])),
        },
      ).appError,
    );
  }
  try {
    const handler = (handlers as Record<string, unknown>)[channel] as (input: unknown, call: CallContext) => Promise<unknown>;
    const output = spec.output.safeParse(await handler(input.data, { signal }));
    if (!output.success) {
      log(`ipc: ${channel} produced output outside the contract: ${output.error.issues[0]?.path.join('.')} ${output.error.issues[0]?.message}`);
      return fail(appError('internal', 'errors.ipc.badOutput', undefined, { detail: `${channel}: output outside the contract` }).appError);
    }
    return { ok: true, value: output.data };
  } catch (error) {
    if (error instanceof AppErrorException) return fail(error.appError);
    if (signal.aborted) return fail(appError('cancelled', 'errors.api.cancelled', undefined, { detail: `${channel}: cancelled` }).appError);
    if (error instanceof ZodError) {
      // A handler that validates further (say, a saved environment) reports fields like the contract does.
      const field = error.issues[0]?.path.join('.') || '(input)';
      return fail(
        appError(
          'invalid_input',
          'errors.ipc.invalidInput',
          { field },
          {
            detail: `Invalid input for ${channel}: ${field}: ${sentence(error.issues[0]?.message ?? 'invalid')}`,
            fieldErrors: Object.fromEntries(error.issues.map((i) => [i.path.join('.') || '_', [i.message]])),
          },
        ).appError,
      );
    }
    log(`ipc: ${channel} failed: ${(error as Error).message}`);
    return fail(appError('internal', 'errors.ipc.failed', undefined, { retryable: true, detail: `${channel} failed` }).appError);
  }
}

/** Ends a message with one full stop, whether or not it had one. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function fail(error: AppError): IpcResult<never> {
  return { ok: false, error };
}
