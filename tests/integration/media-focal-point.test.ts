import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, media } from "~/.server/db/schema";
import { createPage, readPageContent, savePageContent } from "~/modules/cms/page-content.server";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * A picture's focal point (decision 0125): the media item's form saves it within 0–100 and
 * refuses anything else with a translated message, changing nothing; the storefront's
 * cropped gallery tiles keep it in view with object-position. As a browser without
 * JavaScript (form posts with the page's CSRF token and honeypot).
 */
let shop: Shop;
let db: Database;
let editor: Visitor;
let staff: { id: number; email: string };

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const login = await createStaff(shop, "editor");
  staff = { id: login.id, email: login.email };
  editor = await signInAsStaff(new Visitor(shop), login);
}, 60_000);
afterAll(() => shop?.close());

/** A public picture of the library (the storefront's HTML needs its row, not its file). */
async function picture(title: string) {
  const [row] = await db
    .insert(media)
    .values({
      driveId: randomUUID(),
      title,
      titles: { hr: title },
      path: `test/${title}.png`,
      mime: "image/png",
      extension: "png",
      size: 1000,
      hash: randomUUID().replace(/-/g, ""),
      width: 1200,
      height: 600,
      originalName: `${title}.png`,
    })
    .returning();
  return row;
}

/** The media item's save as its form posts it, focal fields included. */
function saveFields(row: typeof media.$inferSelect, focal: { focalX: string; focalY: string }) {
  const fields: Record<string, string> = { intent: "save", revision: String(row.revision), access: row.access, folderId: "", ...focal };
  for (const l of ["hr", "en", "de"]) {
    fields[`texts.${l}.title`] = l === "hr" ? row.title : "";
    fields[`texts.${l}.alt`] = "";
    fields[`texts.${l}.description`] = "";
    fields[`texts.${l}.displayName`] = "";
  }
  return fields;
}

const reread = async (id: number) => (await db.select().from(media).where(eq(media.id, id)))[0];

describe("the media item's focal point", () => {
  it("is the centre by default and shown in the two number fields", async () => {
    const row = await picture("Fokus zadani");
    expect(row).toMatchObject({ focalX: 50, focalY: 50 });
    const { response, html } = await editor.page(`/admin/media/${row.id}`);
    expect(response.status).toBe(200);
    const page = decodeEntities(html);
    expect(page).toContain("Fokus vodoravno (%)");
    expect(page).toContain("Fokus okomito (%)");
    expect(html).toMatch(/name="focalX"[^>]*value="50"|value="50"[^>]*name="focalX"/);
    expect(html).toContain('data-testid="media-focal-marker"');
  });

  it("saves a point within 0–100 with an audit entry, and keeps it when a form posts no focal fields", async () => {
    const row = await picture("Fokus spremljen");
    const saved = await submit(editor, `/admin/media/${row.id}`, saveFields(row, { focalX: "20", focalY: "85" }));
    expect(saved.status).toBe(302);
    expect(saved.toast?.text).toBe("Datoteka je spremljena.");
    const after = await reread(row.id);
    expect(after).toMatchObject({ focalX: 20, focalY: 85, revision: row.revision + 1 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "media"), eq(auditLog.entityId, row.id)))
      .orderBy(desc(auditLog.id));
    expect(audit.action).toBe("update");
    expect(JSON.stringify(audit.after)).toContain("20 % / 85 %");
    expect(JSON.stringify(audit.before)).toContain("50 % / 50 %");

    // The in-page dialog and older forms post no focal fields: the stored point stays.
    const { focalX: _x, focalY: _y, ...withoutFocal } = saveFields(after, { focalX: "", focalY: "" });
    const again = await submit(editor, `/admin/media/${row.id}`, withoutFocal);
    expect(again.status).toBe(302);
    expect(await reread(row.id)).toMatchObject({ focalX: 20, focalY: 85 });
  });

  for (const [label, focal] of [
    ["above 100", { focalX: "101", focalY: "50" }],
    ["below 0", { focalX: "50", focalY: "-5" }],
    ["not a whole number", { focalX: "12.5", focalY: "50" }],
    ["not a number", { focalX: "lijevo", focalY: "50" }],
  ] as const) {
    it(`refuses a point ${label} with a translated message and changes nothing`, async () => {
      const row = await picture(`Fokus ${label}`);
      const refused = await submit(editor, `/admin/media/${row.id}`, saveFields(row, focal));
      expect(refused.status).toBe(400);
      expect(refused.html).toContain("Fokus je postotak, cijeli broj od 0 do 100.");
      expect(await reread(row.id)).toMatchObject({ focalX: 50, focalY: 50, revision: row.revision });
    });
  }

  it("is out of reach of a sales user, in the loader and in the action", async () => {
    const row = await picture("Fokus prodaja");
    const sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
    expect((await sales.get(`/admin/media/${row.id}`)).status).toBe(403);
    const posted = await sales.post(`/admin/media/${row.id}`, saveFields(row, { focalX: "10", focalY: "10" }), { tokenFrom: "/admin" });
    expect(posted.status).toBe(403);
    expect(await reread(row.id)).toMatchObject({ focalX: 50, focalY: 50 });
  });
});

describe("a cropped picture on the storefront", () => {
  it("keeps its focal point in view in a gallery's square tiles; a centred one has no object-position", async () => {
    const focused = await picture("Terasa s fokusom");
    const centred = await picture("Terasa bez fokusa");
    const ref = (row: typeof media.$inferSelect) => ({ driveId: row.driveId, title: row.title, alt: row.title, width: 1200, height: 600 });
    const { pageId } = await createPage(staff, {
      postType: "page",
      languageCode: "hrv",
      title: "Galerija fokusa",
      slug: "galerija-fokusa",
      template: "blank",
      publish: true,
    });
    const live = (await readPageContent(pageId, "hrv"))!;
    await savePageContent(staff, {
      pageId,
      languageCode: "hrv",
      content: { ...live.content, components: [{ type: "gallery", title: "Radovi", images: [ref(focused), ref(centred)] }] as never },
      expectedVersion: live.version,
      source: "form",
    });
    const shopper = new Visitor(shop);
    const before = await (await shopper.request("/galerija-fokusa")).text();
    expect(before).toContain(focused.driveId);
    expect(before).not.toContain("object-position");

    // Set through the media item's form: the page shows it at once (the save clears the pages' caches).
    const saved = await submit(editor, `/admin/media/${focused.id}`, saveFields(focused, { focalX: "15", focalY: "70" }));
    expect(saved.status).toBe(302);
    const html = await (await shopper.request("/galerija-fokusa")).text();
    const tile = (driveId: string) => new RegExp(`<img[^>]*${driveId}[^>]*>`).exec(html)?.[0] ?? "";
    expect(tile(focused.driveId)).toContain("object-cover");
    expect(tile(focused.driveId)).toMatch(/style="object-position:\s*15% 70%"/);
    expect(tile(centred.driveId)).not.toContain("object-position");
  });
});
