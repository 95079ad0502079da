import { ESLint } from "eslint";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One zod in the shop (decision 0095): the forms and the headless API share their schemas,
 * so every schema is zod 4 (`zod/v4`) and every form parses with conform's zod 4 entry.
 * A second zod (the package's root, which is zod 3 in zod 3.25, or `zod/v3`) would make a
 * schema the other side cannot use.
 */
const root = path.resolve(import.meta.dirname, "../..");
const ALLOWED = new Set(["zod/v4", "@conform-to/zod/v4"]);
// `from "zod…"`, `import("zod…")`, `require("zod…")`, and the same of @conform-to/zod.
const ZOD_IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)["']((?:zod|@conform-to\/zod)(?:\/[^"']*)?)["']/g;

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !file.includes("node_modules"))
    .map((file) => path.join(folder, file));
}

describe("one zod version", () => {
  it("every import of zod in app/ and tests/ is zod 4 (zod/v4, @conform-to/zod/v4)", () => {
    // This file names the other zods on purpose (the examples below).
    const files = [...sources("app"), ...sources("tests")].filter((file) => path.join(root, file) !== import.meta.filename);
    expect(files.length).toBeGreaterThan(100);
    const other = files.flatMap((file) =>
      [...readFileSync(path.join(root, file), "utf8").matchAll(ZOD_IMPORT)]
        .map((match) => match[1])
        .filter((specifier) => !ALLOWED.has(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(other).toEqual([]);
  });

  it("the scan sees every form of import", () => {
    const found = (code: string) => [...code.matchAll(ZOD_IMPORT)].map((match) => match[1]);
    expect(found(`import { z } from "zod";\nimport type { ZodType } from 'zod/v3';`)).toEqual(["zod", "zod/v3"]);
    expect(found(`const { z } = await import("zod");\nimport { parseWithZod } from "@conform-to/zod";`)).toEqual([
      "zod",
      "@conform-to/zod",
    ]);
  });

  it("the lint rule refuses zod 3 and conform's zod 3 entry", async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (code: string, file = "app/modules/cart/cart.schema.ts") => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.line);
    };
    const code = [
      `import { z } from "zod";`,
      `import { z as z3 } from "zod/v3";`,
      `import { parseWithZod } from "@conform-to/zod";`,
      `import { z as z4 } from "zod/v4";`,
      `import { getZodConstraint } from "@conform-to/zod/v4";`,
      `export const all = [z, z3, z4, parseWithZod, getZodConstraint];`,
    ].join("\n");
    expect(await lint(code)).toEqual([1, 2, 3]);
    expect(await lint(code, "tests/unit/some.test.ts")).toEqual([1, 2, 3]);
  }, 60_000);
});
