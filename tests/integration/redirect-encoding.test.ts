import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { failedRequests, redirects } from "~/.server/db/schema";
import { submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Redirects with Croatian letters (and anything else a Location header cannot carry raw):
 * stored percent-encoded where the backoffice saves them, and encoded again when answered,
 * so a row stored before that answers too instead of a 500. As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

async function visit(path: string) {
  const response = await new Visitor(shop).get(path);
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("Location") };
}

const TARGETS: [typed: string, stored: string][] = [
  ["/kategorija/čavli", "/kategorija/%C4%8Davli"],
  ["/kategorija/žičani čavli?boja=crna#opis", "/kategorija/%C5%BEi%C4%8Dani%20%C4%8Davli?boja=crna#opis"],
  ["http://localhost:3000/ĐĆŠ/Ž", "/%C4%90%C4%86%C5%A0/%C5%BD"],
  ["/već-kodirano/%C4%8D/č", "/ve%C4%87-kodirano/%C4%8D/%C4%8D"],
];

describe("a redirect to a path with Croatian letters", () => {
  it.each(TARGETS)("saved through the admin form (%s) is stored encoded and answers with the encoded location", async (typed, stored) => {
    const from = `/stari-${Math.random().toString(36).slice(2)}`;
    const saved = await submit(admin, "/admin/redirects/new", { intent: "save", fromPath: from, toPath: typed, status: "301" });
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(redirects).where(eq(redirects.fromPath, from));
    expect(row!.toPath).toBe(stored);
    expect(await visit(from)).toEqual({ status: 301, location: stored });
  });

  it("changed through the admin form is stored encoded too, and so is a source with Croatian letters", async () => {
    const made = await submit(admin, "/admin/redirects/new", {
      intent: "save",
      fromPath: "/stari-šaraf",
      toPath: "/kontakt",
      status: "302",
    });
    expect(made.status).toBe(302);
    const [row] = await db.select().from(redirects).where(eq(redirects.fromPath, "/stari-%C5%A1araf"));
    expect(await visit("/stari-šaraf")).toEqual({ status: 302, location: "/kontakt" });

    const changed = await submit(admin, `/admin/redirects/${row!.id}`, {
      intent: "save",
      version: String(row!.version),
      fromPath: "/stari-šaraf",
      toPath: "/kategorija/vijci i šarafi",
      status: "302",
    });
    expect(changed.status).toBe(302);
    expect(await visit("/stari-šaraf")).toEqual({ status: 302, location: "/kategorija/vijci%20i%20%C5%A1arafi" });
  });

  it("made from a logged 404 is stored encoded", async () => {
    expect((await visit("/stari-katalog-čavala")).status).toBe(404);
    const [logged] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/stari-katalog-%C4%8Davala"));
    const made = await submit(admin, "/admin/redirects/not-found", {
      intent: "redirect",
      failedId: String(logged!.id),
      toPath: "/kategorija/čavli",
      status: "301",
    });
    expect(made.status).toBe(302);
    expect(await visit("/stari-katalog-čavala")).toEqual({ status: 301, location: "/kategorija/%C4%8Davli" });
  });

  it("stored raw before targets were encoded answers with the encoded location, not a 500", async () => {
    await db.insert(redirects).values({ fromPath: "/stara-kategorija", toPath: "/kategorija/čavli i vijci", status: 301 });
    expect(await visit("/stara-kategorija")).toEqual({ status: 301, location: "/kategorija/%C4%8Davli%20i%20vijci" });
  });
});
