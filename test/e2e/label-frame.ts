import type { Page } from '@playwright/test';

/**
 * The browser host prints box labels by putting their PDF in a hidden frame that prints once loaded.
 * Headless Chromium here crashes when a PDF is printed, so from this call on such a frame is taken as
 * it is put in the page: whether it would print on load is noted (`data-prints-on-load`), and the
 * print left out.
 */
export async function holdLabelPrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    const append = document.body.append.bind(document.body);
    document.body.append = (...nodes: (Node | string)[]) => {
      for (const node of nodes)
        if (node instanceof HTMLIFrameElement && node.dataset['labels']) {
          node.dataset['printsOnLoad'] = String(typeof node.onload === 'function');
          node.onload = null;
        }
      append(...nodes);
    };
  });
}
