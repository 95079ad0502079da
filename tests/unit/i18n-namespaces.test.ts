import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { LOCALES } from "~/lib/locales";
import { NAMESPACES, namespacesUsedBy } from "../setup/namespace-scan";

/**
 * Every message a page can show is in a namespace its matched routes declare
 * (`handle.i18n` of the root, the layouts and the route; decision 0015): a namespace
 * left out shows a raw key in the browser. The keys each module can ask for are read
 * from its code and everything it imports (tests/setup/namespace-scan.ts).
 */
type Entry = { file: string; id?: string; children?: Entry[] };

const app = (file: string) => readFileSync(path.resolve("app", file), "utf8");
function listIn(file: string, pattern: RegExp): string[] {
  const found = pattern.exec(app(file));
  // A list of string literals as written (Prettier breaks long ones over lines with a trailing comma).
  return found ? (JSON.parse(found[1]!.replace(/,\s*\]$/, "]")) as string[]) : [];
}
const declaredBy = (file: string) => listIn(file, /export const handle(?::\s*\w+)?\s*=\s*\{\s*i18n:\s*(\[[^\]]*\])/);

// Parts loaded later with namespaces of their own (<WithNamespaces ns={...}>): a constant in
// the route (or in the module `in` that loads the part) names them.
const ISLANDS: Record<string, { module: string; constant: string; in?: string }[]> = {
  "routes/storefront/site-layout.tsx": [
    { module: "routes/storefront/cart-modal.tsx", constant: "CART_MODAL_NAMESPACES" },
    // The in-page editor (decision 0051): only an editor in edit mode loads it and its messages.
    { module: "modules/editing/ui/edit-mode.tsx", constant: "EDIT_MODE_NAMESPACES", in: "modules/editing/ui/edit-mode.tsx" },
  ],
  "routes/storefront/product.tsx": [
    { module: "modules/enquiry/enquiry-dialog.tsx", constant: "DIALOG_NAMESPACES", in: "modules/enquiry/price-enquiry-link.tsx" },
  ],
};

const ROOT = declaredBy("root.tsx");

function checks(entries: Entry[], inherited: string[], out: { file: string; declared: string[]; used: string[] }[] = []) {
  for (const entry of entries) {
    const islands = ISLANDS[entry.file] ?? [];
    const declared = [...inherited, ...declaredBy(entry.file)];
    out.push({
      file: entry.file,
      declared,
      used: [
        ...namespacesUsedBy(
          entry.file,
          islands.map((island) => island.module),
        ),
      ],
    });
    for (const island of islands) {
      const own = listIn(island.in ?? entry.file, new RegExp(`const ${island.constant}\\s*=\\s*(\\[[^\\]]*\\])`));
      out.push({ file: island.module, declared: [...declared, ...own], used: [...namespacesUsedBy(island.module)] });
    }
    if (entry.children) checks(entry.children, declared, out);
  }
  return out;
}

describe("message namespaces of each route (handle.i18n)", () => {
  const all = [{ file: "root.tsx", declared: ROOT, used: [...namespacesUsedBy("root.tsx")] }, ...checks(routes as Entry[], ROOT)];

  it("the root declares what every page shows", () => {
    expect(ROOT).toEqual(expect.arrayContaining(["core", "error", "site"]));
  });

  // Resource and action-only routes render nothing: their keys are translated on the server
  // or travel as flash toasts, whose namespace the page loads by the key.
  const rendered = all.filter((c, i) => all.findIndex((d) => d.file === c.file) === i && /export default/.test(app(c.file)));
  for (const { file, declared, used } of rendered) {
    it(`${file}: every namespace its code uses is declared by it or above it`, () => {
      expect(
        used.filter((ns) => !declared.includes(ns)),
        `declared: ${declared.join(", ")}`,
      ).toEqual([]);
      for (const ns of declared) expect(NAMESPACES, ns).toContain(ns);
    });
  }

  it("every namespace exists in every language", () => {
    for (const lng of LOCALES)
      for (const ns of NAMESPACES) expect(existsSync(path.resolve(`locales/${lng}/${ns}.json`)), `${lng}/${ns}`).toBe(true);
  });
});
