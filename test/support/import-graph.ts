import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The project's own import graph, read with the TypeScript parser: relative imports, re-exports and
 * dynamic imports resolved to files. Type-only imports are left out by default: they vanish from the
 * built code, so a loop through them cannot leave a module half-initialised. `withTypes` keeps them,
 * for folders where even a type loop is refused (two modules that name each other's types are one
 * module in two files). Packages are left out; they cannot import us back.
 */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx|mts)$/;

export function readImportGraph(root: string, folders: string[], options: { withTypes?: boolean } = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const folder of folders) {
    for (const file of walk(join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      const targets = importSpecifiers(file, text, options)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolveSource(dirname(file), s))
        .filter((t): t is string => t !== null);
      graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
    }
  }
  return graph;
}

export function importSpecifiers(fileName: string, text: string, options: { withTypes?: boolean } = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (options.withTypes || !isTypeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/**
 * Every cycle as a list of files, each reported once (Tarjan's strongly connected components;
 * a component of more than one file, or a file importing itself, is a cycle).
 */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** ESM imports name the emitted file ('./x.js'); the source is './x.ts' or './x.tsx'. */
function resolveSource(fromDir: string, specifier: string): string | null {
  const base = resolve(fromDir, specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}
