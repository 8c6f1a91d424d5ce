import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale, made from an English message's parsed form (never written by hand): every
 * letter of its text accented, its vowels doubled and the rest padded so it runs about 40 % longer
 * (German and Polish run that much longer than English), the whole marked "⟦ … ⟧". Arguments, plural
 * counts and tags are left as they are, so the data in a message (a code, a name) stays readable and
 * a text node with a plain ASCII letter outside data is one that did not come from a catalog.
 */
export const PSEUDO_START = '⟦';
export const PSEUDO_END = '⟧';
const GROWTH = 0.4;
const PAD = '·';

const PLAIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const MARKED = [...'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];
const ACCENTED = new Map(PLAIN.map((c, i) => [c, MARKED[i]!]));
const VOWEL = /[aeiouAEIOU]/;

/** One run of text: accented, vowels doubled. */
export function pseudoText(text: string): string {
  let out = '';
  for (const c of text) {
    const accented = ACCENTED.get(c) ?? c;
    out += VOWEL.test(c) ? accented + accented : accented;
  }
  return out;
}

/** The length of a message's own text, before and after: its literals, a tag's text, a plural's or select's longest branch. */
function textLength(elements: readonly MessageFormatElement[]): { before: number; after: number } {
  let before = 0;
  let after = 0;
  for (const el of elements) {
    let part = { before: 0, after: 0 };
    if (el.type === TYPE.literal) part = { before: el.value.length, after: pseudoText(el.value).length };
    else if (el.type === TYPE.tag) part = textLength(el.children);
    else if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const o of Object.values(el.options)) {
        const option = textLength(o.value);
        if (option.before > part.before) part = option;
      }
    before += part.before;
    after += part.after;
  }
  return { before, after };
}

function transform(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el): MessageFormatElement => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: pseudoText(el.value) };
      case TYPE.tag:
        return { ...el, children: transform(el.children) };
      case TYPE.plural:
      case TYPE.select:
        return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: transform(o.value) }])) };
      default:
        return el;
    }
  });
}

/** A message's pseudo form: transformed, padded to ~140 % of its own text, marked at start and end. */
export function pseudoLocalize(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  const { before, after } = textLength(elements);
  const pad = Math.max(0, Math.ceil(before * (1 + GROWTH)) - after);
  return [{ type: TYPE.literal, value: PSEUDO_START }, ...transform(elements), { type: TYPE.literal, value: PAD.repeat(pad) + PSEUDO_END }];
}
