import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HASH_FILE, sourceHash, staleReason, writeSourceHash } from "../../scripts/build-freshness.mjs";

// A miniature checkout: sources, a finished build and its recorded hash.
let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "freshness-"));
  write("app/routes/storefront/cart.tsx", "export default function Cart() { return null; }\n");
  write("app/lib/format.test.ts", "// a test file\n");
  write("locales/hr/cart.json", '{"cart":{"title":"Košarica"}}\n');
  write("server.ts", "// the HTTP server\n");
  write("vite.config.ts", "export default {};\n");
  write("build/server.js", "");
  write("build/server/index.js", "");
  mkdirSync(path.join(root, "build/client"), { recursive: true });
  writeSourceHash(sourceHash(root), root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the build freshness check (npm start, e2e and integration runners)", () => {
  it("finds the build fresh right after it was built", () => {
    expect(staleReason(root)).toBeNull();
  });

  it.each(["app/routes/storefront/cart.tsx", "locales/hr/cart.json", "server.ts", "vite.config.ts"])(
    "decides to rebuild when %s changed",
    (file) => {
      write(file, "// edited\n");
      expect(staleReason(root)).toBe("sources changed since the last build");
    },
  );

  it("decides to rebuild when a source file is added or the build or its hash is missing", () => {
    write("app/modules/new.server.ts", "export {};\n");
    expect(staleReason(root)).toMatch(/sources changed/);
    writeSourceHash(sourceHash(root), root);
    expect(staleReason(root)).toBeNull();
    rmSync(path.join(root, HASH_FILE));
    expect(staleReason(root)).toMatch(/source-hash is missing/);
    rmSync(path.join(root, "build/server/index.js"));
    expect(staleReason(root)).toBe("build/server/index.js is missing");
  });

  it("does not rebuild for a test file or a file touched without a change", () => {
    write("app/lib/format.test.ts", "// another test\n");
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "app/routes/storefront/cart.tsx"), later, later);
    expect(staleReason(root)).toBeNull();
  });
});
