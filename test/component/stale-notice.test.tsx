import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppErrorException } from '../../shared/errors';
import { StaleNotice } from '../../renderer/src/ui/QueryState';

/**
 * The notice over data kept when a refresh failed reads as sentences: one full stop after the
 * reason, whether the reason ends with one, inside the service's quoted words, or with none.
 */
const since = new Date(2026, 10, 27, 9, 5).getTime();

async function noticeText(error: unknown): Promise<string> {
  const screen = await render(<StaleNotice error={error} since={since} onRetry={() => undefined} retrying={false} />);
  await expect.element(page.getByRole('button', { name: 'Retry' }).last()).toBeVisible();
  const notice = screen.container.querySelector('[role="alert"] > span');
  return notice?.textContent ?? '';
}

test('the service’s quoted words that end a sentence get no second full stop', async () => {
  const error = new AppErrorException({
    code: 'rate_limited',
    message: 'Too many requests.',
    serviceMessage: 'Rate limit exceeded. Retry later.',
    retryable: true,
  });
  expect(await noticeText(error)).toMatch(
    /^Could not refresh: Too many requests\. The service said: “Rate limit exceeded\. Retry later\.” Showing data from 9:05\sAM\.$/,
  );
});

test('a reason with its own full stop keeps one, and a reason without gets one', async () => {
  expect(await noticeText(new Error('The service cannot be reached.'))).toMatch(
    /^Could not refresh: The service cannot be reached\. Showing data from 9:05\sAM\.$/,
  );
  expect(await noticeText(new Error('The service cannot be reached'))).toMatch(
    /^Could not refresh: The service cannot be reached\. Showing data from 9:05\sAM\.$/,
  );
  expect(await noticeText(new Error('Is the service up?'))).toMatch(/^Could not refresh: Is the service up\? Showing data from 9:05\sAM\.$/);
});
