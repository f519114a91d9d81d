import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each source file (path from the project root) with the files it imports inside the same tree. */
export type ImportGraph = Map<string, Set<string>>;

const sourceFile = /\.tsx?$/;
const testFile = /\.test\.tsx?$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return sourceFile.test(name) && !testFile.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler finds it; undefined for packages. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * Every import between the files under root: static, dynamic, re-exports and `import type`
 * alike, since a type import ties two files together for a reader as much as a value import.
 */
export function importGraph(projectRoot: string, root: string): ImportGraph {
  const files = sourcesUnder(join(projectRoot, root));
  const inTree = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolved(file, i.fileName)).filter((t): t is string => t !== undefined && inTree.has(t));
    graph.set(relative(projectRoot, file), new Set(targets.map((t) => relative(projectRoot, t))));
  }
  return graph;
}

/** The same imports between folders: a file's folder stands for it, and a folder's own imports are left out. */
export function folderGraph(files: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [file, targets] of files) {
    const from = dirname(file);
    const arrows = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (dirname(target) !== from) arrows.add(dirname(target));
    folders.set(from, arrows);
  }
  return folders;
}

/** Groups of nodes that each reach all the others (Tarjan): every group of two or more is a cycle. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The imports inside one group, so a failure says which arrows to cut. */
export function arrowsWithin(graph: ImportGraph, group: string[]): string[] {
  const members = new Set(group);
  return group.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} -> ${to}`));
}
