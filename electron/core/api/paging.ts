/**
 * The service pages two ways (published documents; API notes): `Next-Page`, a response header holding
 * the href of the next page (receiving, orders), and cursor links in the body (`first`, `last`, `next`,
 * `prev`: URLs of the same operation, everywhere else). Either way the client follows the link exactly
 * as given; `linkedPages` walks them to the end, stopping when the signal aborts.
 */
export interface LinkedPage<T> {
  items: T[];
  /** The link to the next page, or null on the last one. */
  next: string | null;
}

/**
 * Walks the links to the end, page by page: any page shape with a `next` link. A link seen before
 * would loop forever (the service's answer is broken), so the walk stops there.
 */
export async function* followLinks<P extends { next: string | null }>(
  first: () => Promise<P>,
  follow: (link: string) => Promise<P>,
  signal?: AbortSignal,
): AsyncGenerator<P> {
  signal?.throwIfAborted();
  let page = await first();
  const seen = new Set<string>();
  for (;;) {
    yield page;
    if (page.next === null || seen.has(page.next)) return;
    seen.add(page.next);
    signal?.throwIfAborted();
    page = await follow(page.next);
  }
}

export async function* linkedPages<T>(
  first: () => Promise<LinkedPage<T>>,
  follow: (link: string) => Promise<LinkedPage<T>>,
  signal?: AbortSignal,
): AsyncGenerator<T[]> {
  for await (const page of followLinks(first, follow, signal)) yield page.items;
}

export async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const items of pages) all.push(...items);
  return all;
}
