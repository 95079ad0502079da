import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Dev tooling (decision 0062), which exists only outside production: the
 * suite's shop runs in production, so this spec starts one of its own — the same build
 * with NODE_ENV=development on a fresh database — and a GitLab stub it points GITLAB_URL
 * at (the browser tests reach nothing outside the machine). JavaScript on: the releases
 * dialog shows a forge failure as a toast, then the releases and "a newer version is
 * available"; the change-domain dialog. JavaScript off: the releases and domain panels
 * (the domain changed through the plain form) and the section tool.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
const DEV_PORT = BASE_PORT + 20000;
const FORGE_PORT = BASE_PORT + 21000;
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
const root = path.resolve(import.meta.dirname, "../..");

let forgeDown = false;
let forge: Server;
let shop: ChildProcess;

const RELEASES = [
  {
    tag_name: "v1.12.191",
    name: "Core 1.12.191",
    released_at: "2026-11-20T10:00:00Z",
    description: "Popravci",
    description_html: "<p>Popravci košarice</p>",
  },
  { tag_name: "v1.12.190", name: "Core 1.12.190", released_at: "2026-10-01T10:00:00Z", description: "", description_html: "" },
];

test.use({ baseURL: DEV_URL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  forge = createServer((request, response) => {
    if (forgeDown) return void response.writeHead(500).end("down");
    const url = new URL(request.url ?? "/", "http://forge");
    const body =
      url.pathname === "/api/v4/projects/4242/repository/tags"
        ? [{ name: "v1.12.191" }]
        : url.pathname === "/api/v4/projects/4242/releases"
          ? RELEASES
          : null;
    if (!body) return void response.writeHead(404).end("{}");
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => forge.listen(FORGE_PORT, "127.0.0.1", resolve));
  const dataDir = `${process.env.E2E_DATA_DIR ?? path.join(root, ".cache/e2e-data")}-dev-tools`;
  rmSync(dataDir, { recursive: true, force: true });
  shop = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "development",
      PORT: String(DEV_PORT),
      PUBLIC_URL: DEV_URL,
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-dev-tools-secret-0123456789abcdef",
      RATE_LIMIT_POINTS: "10000",
      RATE_LIMIT_AUTH_POINTS: "10000",
      GITLAB_URL: `http://127.0.0.1:${FORGE_PORT}`,
      GITLAB_PROJECT_ID: "4242",
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${DEV_URL}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 170_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  shop?.kill("SIGTERM");
  await new Promise<void>((resolve) => (forge ? forge.close(() => resolve()) : resolve()));
});

const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

test.describe("dev tooling with JavaScript", () => {
  test.beforeEach(({ js }) => test.skip(!js, "the dialogs need JavaScript; the no-JS panels are tested below"));

  test("the releases dialog: a forge failure is a toast, then the releases and a newer version", async ({ page, js }) => {
    forgeDown = true;
    await loginAsAdmin(page);
    await ready(page, js);
    await expect(page.getByTestId("dev-core-version")).toHaveText("core 1.12.190");
    // The toolbar's tag check fails first: its message as a toast (spec §8).
    await toast(page, "Provjera izdanja nije uspjela: GitLab answered 500 (status 500)");
    await page.getByTestId("dev-releases-open").click();
    const dialog = page.getByTestId("dev-releases-dialog");
    await expect(dialog.getByTestId("dev-releases-error")).toHaveText("Provjera izdanja nije uspjela: GitLab answered 500 (status 500)");
    await dialog.getByRole("button", { name: "Zatvori" }).click();

    forgeDown = false;
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await ready(page, js);
    await expect(page.getByTestId("dev-newer-version")).toHaveText("Dostupna je novija verzija: v1.12.191");
    await page.getByTestId("dev-releases-open").click();
    await expect(dialog.getByTestId("dev-release")).toHaveCount(2);
    await expect(dialog.getByText("Popravci košarice")).toBeVisible();
    await expect(dialog.getByTestId("dev-releases-state")).toHaveText("Dostupna je novija verzija: v1.12.191");
    // Kept in localStorage (about 5 min) and the tag for an hour.
    const kept = await page.evaluate(() => Object.keys(window.localStorage).sort());
    expect(kept).toEqual(["devTools.latestTag:4242", "devTools.releases:4242:"]);
  });

  test("the change-domain dialog chooses a domain from the list", async ({ page, js }) => {
    await loginAsAdmin(page);
    await ready(page, js);
    await expect(page.getByTestId("dev-domain")).toHaveText("Domena: nije odabrana");
    await page.getByTestId("dev-domains-open").click();
    const dialog = page.getByTestId("dev-domains-dialog");
    await dialog.getByLabel(/Alu Krov intro/).check();
    await dialog.getByRole("button", { name: "Spremi domenu" }).click();
    await toast(page, "Domena je promijenjena u intro.alu-krov.hr.");
    await expect(page.getByTestId("dev-domain")).toHaveText("Domena: intro.alu-krov.hr");
  });
});

test.describe("dev tooling without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Once, in the suite's no-JS project (each project starts its own dev shop).
  test.beforeEach(({ js }, info) => test.skip(js || info.project.name === "js", "run in the no-js project"));

  test("the releases and domain panels work as plain links and a form", async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId("dev-releases-open").click();
    await expect(page).toHaveURL(/\?devTools=releases$/);
    const panel = page.getByTestId("dev-panel");
    await expect(panel.getByTestId("dev-release")).toHaveCount(2);
    await expect(panel.getByTestId("dev-releases-state")).toHaveText("Dostupna je novija verzija: v1.12.191");

    await page.getByTestId("dev-domains-open").click();
    await expect(page).toHaveURL(/\?devTools=domains$/);
    await page
      .getByTestId("dev-domain-form")
      .getByLabel(/^Alu Krov https/)
      .check();
    await page.getByTestId("dev-domain-form").getByRole("button", { name: "Spremi domenu" }).click();
    await toast(page, "Domena je promijenjena u www.alu-krov.hr.");
    await expect(page.getByTestId("dev-domain")).toHaveText("Domena: www.alu-krov.hr");
  });

  test("the section tool lists pages with their sections, filters by type and links to edit mode", async ({ page }) => {
    await loginAsAdmin(page, "/section-tool");
    const tool = page.getByTestId("section-tool");
    await expect(tool.getByRole("heading", { name: "Alat za sekcije", level: 1 })).toBeVisible();
    const contact = tool.locator('[data-testid="section-page"][data-language="hrv"]', { hasText: "/kontakt" });
    await expect(contact.getByTestId("section-row").first()).toBeVisible();
    await expect(contact.getByTestId("section-edit")).toHaveAttribute("href", "/kontakt?editPage=true");
    await tool.getByLabel("Vrsta komponente").selectOption("contactForm");
    await tool.getByRole("button", { name: "Filtriraj" }).click();
    await expect(page).toHaveURL(/\/section-tool\?type=contactForm$/);
    const rows = tool.getByTestId("section-row");
    await expect(rows.first()).toBeVisible();
    for (const type of await rows.evaluateAll((list) => list.map((row) => row.getAttribute("data-type")))) expect(type).toBe("contactForm");
  });
});
