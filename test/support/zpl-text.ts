/**
 * The text a ZPL format prints, field by field, top to bottom as written: each `^FD…^FS`, with the
 * `^FH_` escapes (`_5E` for ^, `_7E` for ~, `_5F` for _) read back. What a person reading the
 * label would read, without drawing it.
 */
export function zplFieldTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => m[1]!.replace(/_([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}
