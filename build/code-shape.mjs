// Measures the code's shape and prints it as JSON: largest file and function, functions over 60 and
// over 80 lines, `void` statements and how many say why, cross-area imports of internals, an area's
// imports of app-core (where the core's options live), and comments
// that cite an issue number instead of saying why. `npm run -s code-shape`; `--paths a,b` narrows the
// report to files under those paths (the whole tree is still read, so imports resolve).
//
// Source is what ships or builds it: areas/, electron/, emulator/, renderer/src/, shared/, build/. Tests are
// not measured (a `describe` body is long by nature and no reader navigates it as a function), nor
// declaration files (`*.d.ts`, types for untyped packages). The tree has no generated data tables
// today; one added later belongs in `generated` below, so a table does not count as the largest file.
// Function lines are counted by the lint's own rule (max-lines-per-function, with the lint's options and
// a limit of 0 so every function reports its count), so the two never disagree. Files are parsed one by
// one (no type checker), which keeps this under a few seconds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import ts from 'typescript';
import { maxFunctionLines } from '../eslint.config.js';
import { areaIds, compositionRoots } from './area-lists.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sourceRoots = ['areas', 'electron', 'emulator', 'renderer/src', 'shared', 'build'];
const generated = [];
const extensions = ['.ts', '.tsx', '.mjs', '.js'];

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...listFiles(rel));
    else if (extensions.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') && !generated.includes(rel)) out.push(rel);
  }
  return out;
}

const linter = new Linter({ configType: 'flat' });
const lengthConfig = [
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: { 'max-lines-per-function': ['error', { ...maxFunctionLines, max: 0 }] },
  },
];
const lengthMessage = /^(.*) has too many lines \((\d+)\)/;

/** Every function of a file with its length, as the lint counts it. */
function functionsOf(file, text) {
  return linter
    .verify(text, lengthConfig, file)
    .map((m) => ({ m, match: lengthMessage.exec(m.message) }))
    .filter(({ match }) => match)
    .map(({ m, match }) => ({ name: match[1], file, line: m.line, lines: Number(match[2]) }));
}

const issueCitation = /\b(?:issue|Issue|ISSUE)\s*#?\d+/;

function commentsOf(sf) {
  const out = [];
  // Walking each node's leading and trailing trivia finds every comment; a bare scanner would mistake a
  // regex literal for a division and read comments where there are none.
  const seen = new Set();
  const visit = (node) => {
    for (const ranges of [ts.getLeadingCommentRanges(sf.text, node.pos), ts.getTrailingCommentRanges(sf.text, node.end)]) {
      for (const r of ranges ?? []) {
        if (seen.has(r.pos)) continue;
        seen.add(r.pos);
        out.push({ pos: r.pos, text: sf.text.slice(r.pos, r.end) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  return base.replace(/\.js$/, '');
}

/**
 * Where a file sits among the areas (areas/<id>/<layer>/...): another area may import its core/ or ui/
 * only through that layer's index.ts; its common/ (channels, rules) and messages/ (its words, which
 * main formats too) are open.
 */
const openLayers = ['common', 'messages'];
function areaOf(file) {
  const [top, area, layer, ...inner] = file.split('/');
  if (top !== 'areas' || !areaIds.includes(area) || inner.length === 0) return null;
  return { layer, area, inner: inner.join('/') };
}

const files = sourceRoots.flatMap(listFiles).sort();
const only = (() => {
  const i = process.argv.indexOf('--paths');
  return i > 0 ? process.argv[i + 1].split(',').filter(Boolean) : null;
})();
const measured = (file) => !only || only.some((p) => file === p || file.startsWith(p.endsWith('/') ? p : `${p}/`));

const fileSizes = [];
const functions = [];
const voids = [];
const crossArea = [];
const issueComments = [];
const coreOptionReads = [];

for (const file of files) {
  if (!measured(file)) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  fileSizes.push({ file, lines: sf.getLineAndCharacterOfPosition(text.length).line + (text.endsWith('\n') ? 0 : 1) });
  const from = areaOf(file);
  functions.push(...functionsOf(file, text));
  const visit = (node) => {
    if (ts.isExpressionStatement(node) && ts.isVoidExpression(node.expression)) {
      // A comment before `if (x) void y();` speaks for the void in it.
      const owner = ts.isIfStatement(node.parent) ? node.parent : node;
      const leading = [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(owner !== node ? (ts.getLeadingCommentRanges(text, owner.pos) ?? []) : [])];
      const trailing = ts.getTrailingCommentRanges(text, node.end) ?? [];
      voids.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, why: leading.length + trailing.length > 0 });
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveImport(file, node.moduleSpecifier.text);
      const to = target && areaOf(`${target}.ts`);
      const crosses = !from || from.layer !== to?.layer || from.area !== to?.area;
      if (to && crosses && !openLayers.includes(to.layer) && to.inner !== 'index.ts' && !compositionRoots.includes(file)) {
        crossArea.push({ file, imports: node.moduleSpecifier.text, area: to.area });
      }
      // An area gets the services it declared, never the core's options: it has no reason to import app-core.
      if (from && target === 'electron/core/app-core') coreOptionReads.push({ file, imports: node.moduleSpecifier.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const c of commentsOf(sf)) {
    if (issueCitation.test(c.text)) issueComments.push({ file, line: sf.getLineAndCharacterOfPosition(c.pos).line + 1 });
  }
}

// Tests are not measured for shape, but a comment citing an issue number is as unhelpful there.
const testIssueComments = [];
for (const file of listFiles('test').filter(measured)) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  for (const c of commentsOf(sf)) {
    if (issueCitation.test(c.text)) testIssueComments.push({ file, line: sf.getLineAndCharacterOfPosition(c.pos).line + 1 });
  }
}

const byLines = (a, b) => b.lines - a.lines;
fileSizes.sort(byLines);
functions.sort(byLines);
const over = (n) => functions.filter((f) => f.lines > n);
const brief = (f) => ({ name: f.name, file: `${f.file}:${f.line}`, lines: f.lines });

const report = {
  scope: only ?? sourceRoots,
  files: fileSizes.length,
  lines: fileSizes.reduce((s, f) => s + f.lines, 0),
  largestFile: fileSizes[0] ?? null,
  largestFunction: functions[0] ? brief(functions[0]) : null,
  functionsOver60: { count: over(60).length, list: over(60).map(brief) },
  functionsOver80: { count: over(80).length, list: over(80).map(brief) },
  voidStatements: {
    count: voids.length,
    withWhyComment: voids.filter((v) => v.why).length,
    withoutComment: voids.filter((v) => !v.why).map((v) => `${v.file}:${v.line}`),
  },
  crossAreaImports: { count: crossArea.length, list: crossArea.map((c) => `${c.file} -> ${c.imports}`) },
  areaImportsOfAppCore: { count: coreOptionReads.length, list: coreOptionReads.map((c) => `${c.file} -> ${c.imports}`) },
  issueNumberComments: { count: issueComments.length, list: issueComments.map((c) => `${c.file}:${c.line}`) },
  issueNumberCommentsInTests: { count: testIssueComments.length, list: testIssueComments.map((c) => `${c.file}:${c.line}`) },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
