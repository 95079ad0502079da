import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, masterComponents, options, pages, pageTranslations } from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The dev tooling (spec §2, §4, §6, §7 "Dev tooling", §8, §9; decision 0062), outside
 * production: the /_cli calls ask the project's GitLab (msw plays it) and keep the answers
 * (tag 1 h, releases 0.08 h); failures are a clear message, never a 500; only backoffice
 * users reach them, the domain calls only scope admin (else /adminLogin); posts need the
 * session's CSRF token; the admin toolbar and the section tool show what they promise.
 */
const GITLAB = "https://gitlab.test";
process.env.GITLAB_URL = GITLAB;

const asked: string[] = [];
let tagsDown: "error" | 500 | null = null;
const forge = setupServer(
  http.get(`${GITLAB}/api/v4/projects/:id/repository/tags`, ({ params, request }) => {
    asked.push(`tags:${params.id}`);
    if (tagsDown === "error") return HttpResponse.error();
    if (tagsDown) return new HttpResponse("boom", { status: tagsDown });
    const url = new URL(request.url);
    expect(url.searchParams.get("order_by")).toBe("version");
    return HttpResponse.json([{ name: "v1.12.191" }]);
  }),
  http.get(`${GITLAB}/api/v4/projects/:id/releases`, ({ params }) => {
    asked.push(`releases:${params.id}`);
    if (params.id === "500") return new HttpResponse("boom", { status: 500 });
    if (params.id === "404") return HttpResponse.json({ message: "404 Project Not Found" }, { status: 404 });
    if (params.id === "503") return HttpResponse.error();
    return HttpResponse.json([
      {
        tag_name: "v1.12.191",
        name: "Core 1.12.191",
        released_at: "2026-11-20T10:00:00Z",
        description: "Fixes",
        description_html: '<p>Fixes</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      },
      { tag_name: "v1.12.190", name: "Core 1.12.190", released_at: "2026-10-01T10:00:00Z", description: "", description_html: "" },
    ]);
  }),
);

let shop: Shop;
let db: Database;
let admin: Visitor;
let editor: Visitor;
let adminToken: string;
let editorToken: string;

beforeAll(async () => {
  forge.listen({ onUnhandledRequest: "error" });
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
  adminToken = await admin.csrfToken("/admin");
  editorToken = await editor.csrfToken("/admin");
});
afterEach(() => {
  tagsDown = null;
  asked.length = 0;
});
afterAll(async () => {
  forge.close();
  await shop.close();
});

const setProject = (value: unknown) =>
  db
    .update(options)
    .set({ value })
    .where(and(eq(options.siteId, 1), eq(options.key, "GitlabProjectId")));
const json = (visitor: Visitor, path: string, body: unknown, token?: string) =>
  visitor.request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: visitor.origin, ...(token ? { "X-CSRF-Token": token } : {}) },
  });
const releasesOf = async (response: Response) =>
  (await response.json()) as {
    data?: { tag_name: string; name: string; released_at: string; description: string; description_html: string }[];
    errored?: boolean;
    statusCode?: number;
    message?: string;
  };

describe("who reaches the dev tooling", () => {
  it("sends an anonymous visitor to /adminLogin with the way back", async () => {
    const anonymous = new Visitor(shop);
    for (const path of ["/_cli/get-latest-tag", "/_cli/get-domain", "/section-tool"]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/adminLogin?redirectTo=${encodeURIComponent(path)}`);
    }
    const post = await anonymous.post("/_cli/set-domain", { domain: "alu-krov.hr" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/adminLogin?redirectTo=%2Fadmin");
  });

  it("the domain calls need scope admin: an editor is sent to /adminLogin (on to the dashboard) with a toast, nothing changed", async () => {
    const get = await editor.get("/_cli/get-domain");
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe("/adminLogin?redirectTo=%2Fadmin");
    expect(get.headers.get("Set-Cookie")).toContain("__toast=");
    const post = await json(editor, "/_cli/set-domain", { domain: "intro.alu-krov.hr" }, editorToken);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/adminLogin?redirectTo=%2Fadmin");
    expect(await db.select().from(options).where(eq(options.key, "DevDomain"))).toEqual([]);
  });

  it("a GET of the post-only calls is a 404", async () => {
    expect((await admin.get("/_cli/get-latest-release")).status).toBe(404);
    expect((await admin.get("/_cli/set-domain")).status).toBe(404);
  });
});

describe("GET /_cli/get-latest-tag", () => {
  it("answers the newest tag as text and asks GitLab once within the hour", async () => {
    await setProject(4242);
    const first = await editor.get("/_cli/get-latest-tag");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await first.text()).toBe("v1.12.191");
    expect(await (await admin.get("/_cli/get-latest-tag")).text()).toBe("v1.12.191");
    expect(asked).toEqual(["tags:4242"]);
  });

  it("a failing forge is its message with status 424, not cached, never a 500", async () => {
    await setProject(4343);
    tagsDown = 500;
    const refused = await editor.get("/_cli/get-latest-tag");
    expect(refused.status).toBe(424);
    expect(await refused.text()).toBe("GitLab answered 500 (status 500)");
    tagsDown = "error";
    const unreachable = await editor.get("/_cli/get-latest-tag");
    expect(unreachable.status).toBe(424);
    expect(await unreachable.text()).toBe("GitLab could not be reached");
    tagsDown = null;
    expect(await (await editor.get("/_cli/get-latest-tag")).text()).toBe("v1.12.191");
    expect(asked).toEqual(["tags:4343", "tags:4343", "tags:4343"]);
  });

  it("without a project it says so (400)", async () => {
    await setProject(null);
    const response = await editor.get("/_cli/get-latest-tag");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("No GitLab project is configured (option GitlabProjectId)");
    expect(asked).toEqual([]);
  });
});

describe("POST /_cli/get-latest-release", () => {
  it("answers the releases with tag_name, name, released_at, description and sanitised HTML, asked once within 5 minutes", async () => {
    const response = await editor.post(
      "/_cli/get-latest-release",
      { gitlabProjectId: "77", gitlabBranch: "main" },
      { tokenFrom: "/admin" },
    );
    expect(response.status).toBe(200);
    const { data } = await releasesOf(response);
    expect(data?.map((r) => r.tag_name)).toEqual(["v1.12.191", "v1.12.190"]);
    expect(data?.[0]).toMatchObject({ name: "Core 1.12.191", released_at: "2026-11-20T10:00:00Z", description: "Fixes" });
    expect(data?.[0].description_html).toContain("<p>Fixes</p>");
    expect(data?.[0].description_html).not.toMatch(/script|onerror/);
    const again = await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "77", gitlabBranch: "main" }, editorToken);
    expect((await releasesOf(again)).data).toHaveLength(2);
    expect(asked).toEqual(["releases:77"]);
  });

  it("takes the project from the option when none is posted, and a project path", async () => {
    await setProject(88);
    expect((await releasesOf(await json(editor, "/_cli/get-latest-release", {}, editorToken))).data).toHaveLength(2);
    expect(
      (await releasesOf(await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "alu-krov/shop" }, editorToken))).data,
    ).toHaveLength(2);
    expect(asked).toEqual(["releases:88", "releases:alu-krov/shop"]);
  });

  it("a failure is { errored, statusCode, message } (shown as a toast), not cached", async () => {
    for (const [project, message] of [
      ["500", "GitLab answered 500 (status 500)"],
      ["404", "GitLab answered 404 (project not found)"],
      ["503", "GitLab could not be reached"],
    ]) {
      const response = await json(editor, "/_cli/get-latest-release", { gitlabProjectId: project }, editorToken);
      expect(response.status, project).toBe(424);
      expect(await releasesOf(response)).toMatchObject({ errored: true, statusCode: 424, message });
    }
    await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "500" }, editorToken);
    expect(asked.filter((a) => a === "releases:500")).toHaveLength(2);
  });

  it("refuses a bad project or branch with 400 and its message, asking nothing", async () => {
    const badProject = await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "../../etc/passwd" }, editorToken);
    expect(badProject.status).toBe(400);
    expect(await releasesOf(badProject)).toMatchObject({ errored: true, message: "gitlabProjectId must be a project id or path" });
    const badBranch = await editor.post(
      "/_cli/get-latest-release",
      { gitlabProjectId: "77", gitlabBranch: "a..b" },
      { tokenFrom: "/admin" },
    );
    expect(badBranch.status).toBe(400);
    expect((await releasesOf(badBranch)).message).toBe("gitlabBranch is not a branch name");
    const tooLong = await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "1".repeat(300) }, editorToken);
    expect(tooLong.status).toBe(400);
    const notJson = await editor.request("/_cli/get-latest-release", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": editorToken },
    });
    expect(notJson.status).toBe(400);
    expect(asked).toEqual([]);
  });

  it("needs the session's CSRF token, as a form or as JSON", async () => {
    expect((await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "77" })).status).toBe(403);
    expect((await json(editor, "/_cli/get-latest-release", { gitlabProjectId: "77" }, adminToken)).status).toBe(403);
    expect((await editor.post("/_cli/get-latest-release", { gitlabProjectId: "77" }, { csrf: false, tokenFrom: "/admin" })).status).toBe(
      403,
    );
    expect(asked).toEqual([]);
  });
});

describe("the domain list and the change-domain calls", () => {
  it("lists the domains (name, url) and no chosen domain at first", async () => {
    const response = await admin.get("/_cli/get-domain");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { domain: string | null; domains: { name: string; url: string; domain: string }[] };
    expect(body.domain).toBeNull();
    expect(body.domains.map((d) => d.domain)).toEqual(["www.alu-krov.hr", "intro.alu-krov.hr"]);
    expect(body.domains[0]).toMatchObject({ name: "Alu Krov", url: "https://www.alu-krov.hr" });
  });

  it("sets a listed domain (JSON), keeps it, audits it", async () => {
    const response = await json(admin, "/_cli/set-domain", { domain: "Intro.Alu-Krov.hr" }, adminToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { domain: "intro.alu-krov.hr" } });
    expect(((await (await admin.get("/_cli/get-domain")).json()) as { domain: string }).domain).toBe("intro.alu-krov.hr");
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "devDomain")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ entity: "settings", before: { DevDomain: null }, after: { DevDomain: "intro.alu-krov.hr" } });
  });

  it("refuses a domain outside the list and a value that is no host name (400, nothing changed)", async () => {
    const unknown = await json(admin, "/_cli/set-domain", { domain: "evil.example" }, adminToken);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errored: true, statusCode: 400, message: "Domain is not in the domain list" });
    for (const domain of ["not a host", "-x.hr", "a".repeat(300), ""]) {
      const bad = await json(admin, "/_cli/set-domain", { domain }, adminToken);
      expect(bad.status, domain).toBe(400);
    }
    expect((await json(admin, "/_cli/set-domain", {}, adminToken)).status).toBe(400);
    expect(((await (await admin.get("/_cli/get-domain")).json()) as { domain: string }).domain).toBe("intro.alu-krov.hr");
  });

  it("the toolbar's form goes back to its page with a toast, with or without JavaScript", async () => {
    const ok = await admin.post("/_cli/set-domain", { domain: "www.alu-krov.hr", redirectTo: "/admin/orders" }, { tokenFrom: "/admin" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/orders");
    expect(ok.headers.get("Set-Cookie")).toContain("__toast=");
    const refused = await admin.post("/_cli/set-domain", { domain: "evil.example", redirectTo: "/admin" }, { tokenFrom: "/admin" });
    expect(refused.status).toBe(302);
    expect(((await (await admin.get("/_cli/get-domain")).json()) as { domain: string }).domain).toBe("www.alu-krov.hr");
    expect((await json(admin, "/_cli/set-domain", { domain: "www.alu-krov.hr" })).status).toBe(403);
  });
});

describe("the admin toolbar", () => {
  const doc = (html: string) => new JSDOM(html).window.document;

  it("shows core 1.12.190, the releases entry, and the domain entry for scope admin only", async () => {
    const adminPage = doc((await admin.page("/admin")).html);
    expect(adminPage.querySelector('[data-testid="dev-core-version"]')?.textContent).toBe("core 1.12.190");
    expect(adminPage.querySelector('[data-testid="dev-releases-open"]')?.getAttribute("href")).toBe("?devTools=releases");
    expect(adminPage.querySelector('[data-testid="dev-domains-open"]')).not.toBeNull();
    const editorPage = doc((await editor.page("/admin")).html);
    expect(editorPage.querySelector('[data-testid="dev-core-version"]')).not.toBeNull();
    expect(editorPage.querySelector('[data-testid="dev-domains-open"]')).toBeNull();
  });

  it("without JavaScript: the releases panel says a newer version exists and lists them; the domains panel is a form", async () => {
    await setProject(99);
    const releases = doc((await admin.page("/admin?devTools=releases")).html);
    expect(releases.querySelector('[data-testid="dev-releases-state"]')?.textContent).toBe("Dostupna je novija verzija: v1.12.191");
    expect(releases.querySelectorAll('[data-testid="dev-release"]')).toHaveLength(2);
    await setProject(null);
    const missing = doc((await admin.page("/admin?devTools=releases")).html);
    expect(missing.querySelector('[data-testid="dev-panel"] [role="alert"]')?.textContent).toContain("No GitLab project is configured");
    const domains = doc((await admin.page("/admin?devTools=domains")).html);
    const form = domains.querySelector('[data-testid="dev-domain-form"]');
    expect(form?.getAttribute("action")).toBe("/_cli/set-domain");
    expect([...form!.querySelectorAll<HTMLInputElement>('input[name="domain"]')].map((i) => i.value)).toEqual([
      "www.alu-krov.hr",
      "intro.alu-krov.hr",
    ]);
  });
});

describe("/section-tool", () => {
  const rows = (html: string) => [...new JSDOM(html).window.document.querySelectorAll('[data-testid="section-page"]')];

  it("lists every page in each language with its sections in order, with edit-mode links", async () => {
    const [contact] = await db
      .select({ id: pages.id, components: pageTranslations.components })
      .from(pageTranslations)
      .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
      .where(and(eq(pageTranslations.slug, "kontakt"), eq(pageTranslations.languageCode, "hrv")));
    const { response, html } = await editor.page("/section-tool");
    expect(response.status).toBe(200);
    const translations = await db.select({ id: pageTranslations.id }).from(pageTranslations);
    expect(rows(html)).toHaveLength(translations.length);
    const row = rows(html).find((r) => r.getAttribute("data-page") === String(contact.id) && r.getAttribute("data-language") === "hrv")!;
    const types = [...row.querySelectorAll('[data-testid="section-row"]')].map((s) => s.getAttribute("data-type"));
    expect(types).toEqual((contact.components as { type: string }[]).map((c) => c.type));
    expect(row.querySelector('[data-testid="section-edit"]')?.getAttribute("href")).toBe("/kontakt?editPage=true");
  });

  it("filters by component type (a GET form) and refuses a bad filter with 400", async () => {
    const { html } = await editor.page("/section-tool?type=contactForm");
    const found = rows(html);
    expect(found.length).toBeGreaterThan(0);
    for (const row of found) {
      expect([...row.querySelectorAll('[data-testid="section-row"]')].map((s) => s.getAttribute("data-type"))).toEqual(
        expect.arrayContaining(["contactForm"]),
      );
      expect(new Set([...row.querySelectorAll('[data-testid="section-row"]')].map((s) => s.getAttribute("data-type")))).toEqual(
        new Set(["contactForm"]),
      );
    }
    expect((await editor.get("/section-tool?type=%3Cscript%3E")).status).toBe(400);
  });

  it("shows where each master component is used (unchanged copies) and marks hidden sections", async () => {
    const [contact] = await db
      .select({ id: pageTranslations.id, pageId: pageTranslations.pageId, components: pageTranslations.components })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, "kontakt"), eq(pageTranslations.languageCode, "hrv")));
    const first = (contact.components as Record<string, unknown>[])[0];
    // The same section hidden on the page is still the master's copy.
    await db
      .update(pageTranslations)
      .set({ components: [{ ...first, hidden: true }, ...(contact.components as unknown[]).slice(1)] })
      .where(eq(pageTranslations.id, contact.id));
    await db.insert(masterComponents).values([
      { siteId: 1, name: "Kontakt blok", component: first },
      { siteId: 1, name: "Nekorišten", component: { type: "postList", title: "Nitko", limit: 7 } },
    ]);
    const { html } = await editor.page("/section-tool");
    const document = new JSDOM(html).window.document;
    const masters = [...document.querySelectorAll('[data-testid="master-row"]')];
    const used = masters.find((m) => m.textContent?.includes("Kontakt blok"))!;
    expect([...used.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(expect.arrayContaining(["/kontakt?editPage=true"]));
    expect(masters.find((m) => m.textContent?.includes("Nekorišten"))?.textContent).toContain("Ne koristi se ni na jednoj stranici.");
    const row = rows(html).find(
      (r) => r.getAttribute("data-page") === String(contact.pageId) && r.getAttribute("data-language") === "hrv",
    )!;
    expect(row.querySelector('[data-testid="section-row"]')?.textContent).toContain("glavna komponenta: Kontakt blok");
    expect(row.querySelector('[data-testid="section-row"]')?.textContent).toContain("skrivena");
  });
});
