// The module graph of app/modules: which module imports which, and through which files.
// One reading of the imports, shared by the lint rule that refuses a cycle
// (scripts/lib/eslint-module-cycles.mjs) and the test that prints the graph
// (tests/unit/module-boundaries.test.ts), so the two cannot disagree (decision 0099).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const SOURCE = /\.(tsx?|mjs|js)$/;
// Static imports and re-exports (type-only ones too: they tie the modules as much), and import().
const IMPORT = /(?:^|[;\s])(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The module (first folder under app/modules) a path lies in, or null for anything outside. */
export function moduleOf(root, file) {
  const inModules = path.relative(path.join(root, "app/modules"), file);
  if (inModules.startsWith("..") || path.isAbsolute(inModules)) return null;
  const [name, rest] = inModules.split(path.sep);
  return rest === undefined ? null : name;
}

/** The file an import specifier reaches: "~/x" is app/x (tsconfig paths), "./x" is relative, packages are null. */
export function resolveSpecifier(root, fromFile, specifier) {
  if (specifier.startsWith("~/")) return path.join(root, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** The specifiers a source text imports. */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module and the modules it imports: Map(module → Map(imported module → ["file → specifier", ...])).
 * Files are read from disk; `overrides` (path → text) stands in for files being edited (the lint rule's current file).
 */
export function moduleGraph(root, overrides = new Map()) {
  const modulesDir = path.join(root, "app/modules");
  const graph = new Map(
    readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, new Map()]),
  );
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(root, file);
    const text = overrides.get(file) ?? readFileSync(file, "utf8");
    for (const specifier of importsOf(text)) {
      const target = resolveSpecifier(root, file, specifier);
      const to = target && moduleOf(root, target);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${path.relative(root, file)} → ${specifier}`);
    }
  }
  return graph;
}

/** A path of modules from `start` to `goal` along the graph's imports ([start, ..., goal]), or null. */
export function importPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const found = [];
      for (let step = goal; step !== null; step = previous.get(step)) found.unshift(step);
      return found;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every cycle's modules, as groups that import each other (strongly connected components of more than one module). */
export function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The graph as text, one module a line with what it imports (lowest first: a module only imports those above it). */
export function describeGraph(graph) {
  const depth = new Map();
  const depthOf = (node, seen = new Set()) => {
    if (depth.has(node)) return depth.get(node);
    if (seen.has(node)) return 0; // a cycle: cycles() names it
    seen.add(node);
    const below = [...(graph.get(node)?.keys() ?? [])].map((next) => depthOf(next, seen));
    const value = below.length === 0 ? 0 : Math.max(...below) + 1;
    depth.set(node, value);
    return value;
  };
  const names = [...graph.keys()].sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b));
  return names
    .map((name) => {
      const imports = [...graph.get(name)].sort(([a], [b]) => a.localeCompare(b)).map(([to, via]) => `${to} (${via.length})`);
      return `${name} → ${imports.length > 0 ? imports.join(", ") : "nothing"}`;
    })
    .join("\n");
}
