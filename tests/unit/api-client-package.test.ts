import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";
import { openApiDocument } from "~/modules/api/openapi.server";
import { CLIENT_DIR, clientTypes, packageJsonFor, TYPES_FILE } from "../../scripts/api-client.mjs";

/**
 * The client package (decision 0132) is the API's own: its committed types and version are
 * what the endpoint declarations generate now, and the README's purchase example is the
 * file the integration test runs.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const document = openApiDocument(API_ENDPOINTS) as { info: { version: string } };

describe("packages/api-client", () => {
  it("holds the types generated from the API's document as it is now (else: npm run api:client)", async () => {
    // Compared line by line so that a failure shows the first call that changed.
    expect(read(TYPES_FILE).split("\n")).toEqual((await clientTypes(document)).split("\n"));
  }, 120_000);

  it("carries the API's version", () => {
    const manifest = read(`${CLIENT_DIR}/package.json`);
    expect(manifest).toBe(packageJsonFor(JSON.parse(manifest), document));
    expect(JSON.parse(manifest).version).toBe(document.info.version);
  });

  it("shows in the README the purchase example the integration test runs", () => {
    const readme = read("README.md");
    const section = readme.slice(readme.indexOf("## The typed API client"));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBe(read(`${CLIENT_DIR}/examples/purchase.ts`));
  });
});
