import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  auditLog,
  comments,
  failedRequests,
  formSubmissions,
  forms,
  media,
  newsletterSubscribers,
  products,
  productTranslations,
  redirects,
  users,
} from "~/.server/db/schema";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { consents } from "~/.server/db/schema";

/**
 * Decisions 0055 and 0078: the form builder and the public upload limit of spec §5
 * (10 files per submission), newsletter subscribers, comments edited, answered and deleted
 * by the shop, redirects and the logged 404s. As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let privacyConsent: string;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  privacyConsent = String(consent.id);
}, 60_000);
afterAll(() => shop?.close());

const audits = (entity: string) => db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));

/** The builder's post: slug, titles and rows (each row's inputs as the form names them). */
function builderPost(slug: string, rows: Record<string, string>[], extra: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    intent: "save",
    slug,
    "title.hr": "Pošaljite fotografije krova",
    "title.en": "Send photos of your roof",
    "title.de": "",
  };
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) fields[`fields[${i}].${key}`] = value;
  });
  return { ...fields, ...extra };
}
const ROWS: Record<string, string>[] = [
  { name: "name", type: "text", "label.hr": "Ime", required: "on" },
  { name: "email", type: "email", "label.hr": "E-mail", "label.en": "E-mail", required: "on" },
  { name: "photos", type: "file", "label.hr": "Fotografije" },
  { name: "", type: "text", "label.hr": "" },
];

const pdf = (i: number) => new File([`%PDF-1.4\n% roof ${i}\n`], `krov-${i}.pdf`, { type: "application/pdf" });

async function postForm(visitor: Visitor, slug: string, files: File[], email: string) {
  const tokens = await visitor.formTokens(`/obrazac/${slug}`);
  const body = new FormData();
  body.set("csrf", tokens.csrf);
  body.set("website", tokens.website);
  body.set("from__confirm", tokens.from__confirm);
  body.set("name", "Marko");
  body.set("email", email);
  body.set("acceptedConsents", privacyConsent);
  body.set("redirectTo", "/kontakt");
  for (const file of files) body.append("photos", file);
  const response = await visitor.request(`/obrazac/${slug}`, { method: "POST", body, headers: { Origin: visitor.origin } });
  return { response, html: decodeEntities(await response.text()) };
}

describe("database forms", () => {
  it("builds a form with a file field: slug rules, reserved names, version check, audit", async () => {
    const short = await submit(admin, "/admin/forms/new", builderPost("abc", ROWS));
    expect(short.status).toBe(400);
    expect(short.html).toContain("Slug je kratak (minimum 4 znaka)!");
    const reserved = await submit(
      admin,
      "/admin/forms/new",
      builderPost("fotografije-krova", [{ name: "csrf", type: "text", "label.hr": "X" }]),
    );
    expect(reserved.status).toBe(400);
    expect(await db.select().from(forms).where(eq(forms.slug, "fotografije-krova"))).toHaveLength(0);

    const created = await submit(admin, "/admin/forms/new", builderPost("fotografije-krova", ROWS));
    expect(created.status).toBe(302);
    expect(created.toast?.text).toBe("Obrazac je spremljen.");
    const [row] = await db.select().from(forms).where(eq(forms.slug, "fotografije-krova"));
    expect(row.fields.map((f) => [f.name, f.type])).toEqual([
      ["name", "text"],
      ["email", "email"],
      ["photos", "file"],
    ]);
    expect(row.title).toEqual({ hr: "Pošaljite fotografije krova", en: "Send photos of your roof" });
    expect(created.html).toContain('data-testid="form-preview"');

    // Reorder (position) and a stale version.
    const reordered = builderPost(
      "fotografije-krova",
      [
        { ...ROWS[0], position: "30" },
        { ...ROWS[1], position: "10" },
        { ...ROWS[2], position: "20" },
      ],
      { version: String(row.version) },
    );
    expect((await submit(admin, `/admin/forms/${row.id}`, reordered)).status).toBe(302);
    const [after] = await db.select().from(forms).where(eq(forms.id, row.id));
    expect(after.fields.map((f) => f.name)).toEqual(["email", "photos", "name"]);
    const stale = await submit(admin, `/admin/forms/${row.id}`, reordered);
    expect(stale.status).toBe(409);
    expect((await audits("form")).filter((a) => a.entityId === row.id).map((a) => a.action)).toEqual(["update", "create"]);
  });

  it("refuses to delete a form a page shows, deletes one no page shows", async () => {
    const [onPage] = await db.select().from(forms).where(eq(forms.slug, "upit-za-montazu"));
    const refused = await submit(admin, `/admin/forms/${onPage.id}`, { intent: "delete", version: String(onPage.version) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Obrazac se koristi na stranici");
    expect(await db.select().from(forms).where(eq(forms.id, onPage.id))).toHaveLength(1);

    await submit(admin, "/admin/forms/new", builderPost("privremeni-obrazac", ROWS.slice(0, 2)));
    const [temp] = await db.select().from(forms).where(eq(forms.slug, "privremeni-obrazac"));
    const deleted = await submit(admin, `/admin/forms/${temp.id}`, { intent: "delete", version: String(temp.version) });
    expect(deleted.location).toBe("/admin/forms");
    expect(await db.select().from(forms).where(eq(forms.id, temp.id))).toHaveLength(0);
  });

  it("takes at most 10 files per submission (spec §5): 11 are refused with nothing stored, 10 stored private and shown to staff", async () => {
    const mediaBefore = (await db.select().from(media)).length;
    const eleven = await postForm(
      new Visitor(shop),
      "fotografije-krova",
      Array.from({ length: 11 }, (_, i) => pdf(i)),
      "jedanaest@example.com",
    );
    expect(eleven.response.status).toBe(400);
    expect(eleven.html).toContain("Možete poslati najviše 10 datoteka odjednom.");
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.email, "jedanaest@example.com"))).toHaveLength(0);
    expect(await db.select().from(media)).toHaveLength(mediaBefore);

    const ten = await postForm(
      new Visitor(shop),
      "fotografije-krova",
      Array.from({ length: 10 }, (_, i) => pdf(i)),
      "deset@example.com",
    );
    expect(ten.response.status).toBe(302);
    const [sent] = await db.select().from(formSubmissions).where(eq(formSubmissions.email, "deset@example.com"));
    expect(sent.files).toHaveLength(10);
    const stored = await db.select().from(media).where(eq(media.driveId, sent.files[0].driveId));
    expect(stored[0].access).toBe("private");

    const entry = await admin.page(`/admin/enquiries/submission-${sent.id}`);
    expect(entry.html).toContain("krov-9.pdf");
    const file = await admin.get(`/admin/enquiries/submission-${sent.id}/files/${sent.files[3].driveId}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain("% roof 3");
    // Only through its own submission, and only for staff.
    expect((await admin.get(`/admin/enquiries/submission-${sent.id + 1000}/files/${sent.files[3].driveId}`)).status).toBe(404);
    expect((await new Visitor(shop).get(`/admin/enquiries/submission-${sent.id}/files/${sent.files[3].driveId}`)).status).toBe(302);
  });
});

describe("newsletter subscribers", () => {
  it("lists, exports, unsubscribes and deletes; the owner may sign up again, the shop never subscribes anyone", async () => {
    await db.insert(newsletterSubscribers).values([
      { siteId: 1, email: "ana.pretplata@example.com", status: "subscribed", locale: "hr", confirmedAt: new Date() },
      { siteId: 1, email: "ben.pretplata@example.com", status: "pending", locale: "en" },
    ]);
    const list = await admin.page("/admin/newsletter?q=pretplata&sort=email&dir=asc");
    expect(list.html.indexOf("ana.pretplata")).toBeLessThan(list.html.indexOf("ben.pretplata"));
    const onlyEn = await admin.page("/admin/newsletter?q=pretplata&locale=en");
    expect(onlyEn.html).not.toContain("ana.pretplata");

    const csv = await admin.get("/admin/newsletter.csv?q=pretplata");
    const text = await csv.text();
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(text).toContain("ana.pretplata@example.com");
    expect(text).toContain("ben.pretplata@example.com");

    const rows = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "ana.pretplata@example.com"));
    const done = await submit(
      admin,
      "/admin/newsletter?q=pretplata",
      { intent: "unsubscribe", ids: [String(rows[0].id)] },
      "/admin/newsletter",
    );
    expect(done.toast?.text).toBe("Odjavljeno: 1, preskočeno: 0.");
    const [unsubscribed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, rows[0].id));
    expect(unsubscribed.unsubscribedAt).not.toBeNull();
    expect((await admin.page("/admin/newsletter?state=unsubscribed")).html).toContain("ana.pretplata");
    expect((await audits("newsletterSubscriber"))[0]).toMatchObject({ entityId: rows[0].id, action: "unsubscribe" });

    const [ben] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "ben.pretplata@example.com"));
    await submit(admin, "/admin/newsletter", { intent: "delete", ids: [String(ben.id)] });
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, ben.id))).toHaveLength(0);
    // The owner signs up again by their own consent: the opt-out record becomes a subscription.
    const newsletterConsents = (await db.select().from(consents))
      .filter((c) => c.uniqueNumber === 1 || c.uniqueNumber === 3)
      .map((c) => String(c.id));
    const again = await submit(
      new Visitor(shop),
      "/actions/newsletter",
      { redirectTo: "/", email: "ana.pretplata@example.com", acceptedConsents: newsletterConsents },
      "/",
    );
    expect(again.toast?.text).toBe("Hvala! Prijavljeni ste na newsletter.");
    const [back] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, rows[0].id));
    expect(back.unsubscribedAt).toBeNull();
    // There is no post that subscribes: a forged intent is a bad request.
    expect(
      (await admin.post("/admin/newsletter", { intent: "subscribe", ids: [String(rows[0].id)] }, { tokenFrom: "/admin/newsletter" }))
        .status,
    ).toBe(400);
  });
});

describe("comments", () => {
  it("edits, answers (the reply shows on the product page), refuses a stale edit, deletes only when confirmed", async () => {
    const [p] = await db
      .select({ id: products.id, slug: productTranslations.slug })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
      .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
      .limit(1);
    const [author] = await db
      .insert(users)
      .values({ siteId: 1, email: "komentar@example.com", firstName: "Iva", lastName: "Kovač" })
      .returning();
    const [c] = await db
      .insert(comments)
      .values({
        siteId: 1,
        entityType: "product",
        entityId: p.id,
        userId: author.id,
        rating: 2,
        content: "Sporo stiglo",
        status: "pending",
      })
      .returning();

    const listed = await admin.page("/admin/comments?q=sporo&status=pending&rating=2");
    expect(listed.html).toContain("Sporo stiglo");
    expect((await admin.page("/admin/comments?q=sporo&rating=5")).html).not.toContain('data-testid="comment-row"');

    const edited = await submit(admin, `/admin/comments/${c.id}`, {
      intent: "edit",
      version: "1",
      rating: "4",
      content: "Stiglo za tri dana",
    });
    expect(edited.toast?.text).toBe("Komentar je spremljen.");
    const stale = await submit(admin, `/admin/comments/${c.id}`, { intent: "edit", version: "1", rating: "5", content: "x" });
    expect(stale.status).toBe(409);
    await submit(admin, `/admin/comments/${c.id}`, { intent: "reply", version: "2", reply: "Hvala, Iva! Radimo na bržoj dostavi." });
    await submit(admin, "/admin/comments", { intent: "approve", ids: [String(c.id)] });

    const page = await new Visitor(shop).page(`/product/${p.slug}`);
    const html = decodeEntities(page.html);
    expect(html).toContain("Stiglo za tri dana");
    expect(html).toContain('data-testid="comment-reply"');
    expect(html).toContain("Hvala, Iva! Radimo na bržoj dostavi.");
    expect(html).toContain("Odgovor trgovine");

    const [now] = await db.select().from(comments).where(eq(comments.id, c.id));
    const unconfirmed = await submit(admin, `/admin/comments/${c.id}`, { intent: "delete", version: String(now.version) });
    expect(unconfirmed.status).toBe(400);
    const deleted = await submit(admin, `/admin/comments/${c.id}`, { intent: "delete", version: String(now.version), confirm: "on" });
    expect(deleted.location).toBe("/admin/comments");
    expect(await db.select().from(comments).where(eq(comments.id, c.id))).toHaveLength(0);
    expect((await audits("comment")).filter((a) => a.entityId === c.id).map((a) => a.action)).toEqual([
      "delete",
      "approve",
      "reply",
      "edit",
    ]);
  });
});

describe("redirects", () => {
  it("turns a logged 404 into a redirect that answers at once and leaves the log", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.get("/stari-katalog-2019")).status).toBe(404);
    expect((await visitor.get("/stari-katalog-2019")).status).toBe(404);
    const [logged] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/stari-katalog-2019"));
    expect(logged.hits).toBe(2);
    expect((await admin.page("/admin/redirects/not-found")).html).toContain("/stari-katalog-2019");

    const external = await submit(admin, "/admin/redirects/not-found", {
      intent: "redirect",
      failedId: String(logged.id),
      toPath: "https://evil.example/x",
      status: "301",
    });
    expect(external.status).toBe(400);
    const made = await submit(admin, "/admin/redirects/not-found", {
      intent: "redirect",
      failedId: String(logged.id),
      toPath: "/kontakt",
      status: "301",
    });
    expect(made.status).toBe(302);
    const followed = await visitor.get("/stari-katalog-2019");
    expect(followed.status).toBe(301);
    expect(followed.headers.get("Location")).toBe("/kontakt");
    expect(await db.select().from(failedRequests).where(eq(failedRequests.path, "/stari-katalog-2019"))).toHaveLength(0);
  });

  it("has no chains and no loops; CSV; edit with version; delete", async () => {
    await submit(admin, "/admin/redirects/new", { intent: "save", fromPath: "/lanac-a", toPath: "/lanac-b", status: "301" });
    // A new redirect from the old target: the first now goes straight to the end.
    await submit(admin, "/admin/redirects/new", {
      intent: "save",
      fromPath: "/lanac-b",
      toPath: "http://localhost:3000/kontakt",
      status: "302",
    });
    const [a] = await db.select().from(redirects).where(eq(redirects.fromPath, "/lanac-a"));
    const [b] = await db.select().from(redirects).where(eq(redirects.fromPath, "/lanac-b"));
    expect(a.toPath).toBe("/kontakt");
    expect(b).toMatchObject({ toPath: "/kontakt", status: 302 });
    const loop = await submit(admin, "/admin/redirects/new", { intent: "save", fromPath: "/kontakt", toPath: "/lanac-a", status: "301" });
    expect(loop.status).toBe(409);
    expect(loop.html).toContain("Preusmjeravanje bi vodilo u krug.");
    const taken = await submit(admin, "/admin/redirects/new", { intent: "save", fromPath: "/lanac-a", toPath: "/", status: "301" });
    expect(taken.status).toBe(409);

    const csv = await (await admin.get("/admin/redirects.csv?q=lanac")).text();
    expect(csv).toContain("/lanac-a;/kontakt;301");

    expect(
      (
        await submit(admin, `/admin/redirects/${a.id}`, {
          intent: "save",
          version: String(a.version),
          fromPath: "/lanac-a",
          toPath: "/",
          status: "302",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await submit(admin, `/admin/redirects/${a.id}`, {
          intent: "save",
          version: String(a.version),
          fromPath: "/lanac-a",
          toPath: "/",
          status: "301",
        })
      ).status,
    ).toBe(409);
    await submit(admin, `/admin/redirects/${a.id}`, { intent: "delete", version: String(a.version + 1) });
    expect(await db.select().from(redirects).where(eq(redirects.id, a.id))).toHaveLength(0);
    expect((await audits("redirect")).some((e) => e.entityId === a.id && e.action === "delete")).toBe(true);
  });
});
