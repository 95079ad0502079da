import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which message namespaces a module's code can ask for: every string or template literal
 * starting with `<namespace>.` in the module and in everything it imports from app/
 * (static and dynamic imports). Server modules (`*.server.ts`, `.server/`) are not
 * followed: they translate with getFixedT, which has every namespace; the keys they hand
 * to the page (flash toasts) are loaded by the toast's own namespace. An
 * over-approximation on purpose; tests/unit/i18n-namespaces.test.ts compares it with
 * the namespaces each route declares in `handle.i18n`.
 */
const APP = path.resolve("app");
export const NAMESPACES = readdirSync(path.resolve("locales/hr"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length));
const KEY = new RegExp(`["'\`](${NAMESPACES.join("|")})\\.[A-Za-z_$]`, "g");
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  base = base.replace(/\?.*$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const cache = new Map<string, { namespaces: Set<string>; imports: string[] }>();
function scanFile(file: string) {
  let entry = cache.get(file);
  if (!entry) {
    const code = readFileSync(file, "utf8");
    entry = {
      namespaces: new Set([...code.matchAll(KEY)].map((m) => m[1]!)),
      imports: [...code.matchAll(IMPORT)].map((m) => resolveImport(file, m[1]!)).filter((f): f is string => f !== null),
    };
    cache.set(file, entry);
  }
  return entry;
}

/** Namespaces used by a module (path relative to app/) and everything it imports. */
export function namespacesUsedBy(moduleFile: string, stopAt: string[] = []): Set<string> {
  const stop = new Set(stopAt.map((f) => path.join(APP, f)));
  const seen = new Set<string>();
  const out = new Set<string>();
  const queue = [path.join(APP, moduleFile)];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || stop.has(file)) continue;
    if (seen.size > 0 && /\.server(\.tsx?$|\/)/.test(file)) continue;
    seen.add(file);
    const { namespaces, imports } = scanFile(file);
    for (const ns of namespaces) out.add(ns);
    queue.push(...imports);
  }
  return out;
}
