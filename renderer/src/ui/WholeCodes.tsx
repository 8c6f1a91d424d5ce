import { Fragment } from 'react';

/** A code as the desk shows them: capitals and digits with hyphens, dots, slashes or underscores between (PRO-WATE-000001, L0234-B63). */
const CODE = /[A-Z0-9]+(?:[-_./][A-Z0-9]+)+/g;

/**
 * Text with every code in it kept on one line. A browser may break a line at a code's hyphen, and a
 * SKU read as "PRO-WATE-" and "000001" on two lines is a different SKU to a clerk: the words around
 * it still wrap.
 */
export function WholeCodes({ text }: { text: string }) {
  const parts: (string | { code: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(CODE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ code: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>{typeof p === 'string' ? p : <span className="whole">{p.code}</span>}</Fragment>
      ))}
    </>
  );
}
