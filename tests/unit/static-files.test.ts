import fs, { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientFiles } from "~/.server/http/static-files.server";

/** The build's files are served; pages never make express.static look at the disk (decision 0070). */
let base: string;
let close: () => void;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "client-files-"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg>icon</svg>");
  mkdirSync(path.join(dir, "brand"));
  writeFileSync(path.join(dir, "brand", "logo.svg"), "<svg>logo</svg>");
  const app = express();
  app.use(clientFiles(dir, { maxAge: "1h" }));
  app.use((_req, res) => void res.send("the shop's page"));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("clientFiles", () => {
  it("serves the client build's files with their cache header", async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(await icon.text()).toBe("<svg>icon</svg>");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${base}/brand/logo.svg`)).text()).toBe("<svg>logo</svg>");
    expect(await (await fetch(`${base}/brand/none.svg`)).text()).toBe("the shop's page");
  });

  it("passes pages on without a look at the disk", async () => {
    const stat = vi.spyOn(fs, "stat");
    for (const url of ["/", "/shop/oluci?limit=24", "/product/x", "/favicon", "/%E0%A4%A"]) {
      expect(await (await fetch(base + url)).text(), url).toBe("the shop's page");
    }
    expect(stat).not.toHaveBeenCalled();
    await fetch(`${base}/favicon.svg`);
    expect(stat).toHaveBeenCalled();
    stat.mockRestore();
  });
});
