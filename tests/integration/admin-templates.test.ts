import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, consents, mailOutbox, mailTemplates, options } from "~/.server/db/schema";
import { DEMO_ADMIN } from "~/.server/db/seed/users.server";
import { MAIL_KINDS } from "~/modules/templates/mail-kinds";
import { renderTemplate } from "~/modules/templates/template-render.server";
import { TEMPLATE_VARIABLES, unknownVariables } from "~/modules/templates/template-variables";
import { loginAsAdmin } from "../setup/accounts";
import { submit, textOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * E-mail templates (/admin/templates, decision 0053): the variables a kind declares
 * (unknown ones refused), values escaped in the HTML part, an edited Croatian template
 * reaching the real newsletter confirmation while the other languages keep the built-in
 * text, stale versions (409), preview, test send, reset and the product template. As a
 * browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const consentIds: string[] = [];

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  for (const row of await db.select().from(consents)) if (row.uniqueNumber === 1 || row.uniqueNumber === 3) consentIds.push(String(row.id));
  await db
    .update(options)
    .set({ value: true })
    .where(and(eq(options.siteId, 1), eq(options.key, "NewsletterDoubleOptIn")));
}, 60_000);
afterAll(() => shop?.close());

const EDITOR = "/admin/templates/newsletterConfirmation";
const templateRow = async (kind: string, locale: string) =>
  (
    await db
      .select()
      .from(mailTemplates)
      .where(and(eq(mailTemplates.kind, kind), eq(mailTemplates.locale, locale)))
  )[0];
const lastMailTo = async (email: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1))[0];

async function subscribe(email: string, from: string) {
  const response = await new Visitor(shop).post(
    "/actions/newsletter",
    { redirectTo: from, email, acceptedConsents: consentIds },
    { tokenFrom: from },
  );
  expect(response.status).toBe(302);
  return lastMailTo(email);
}

async function save(path: string, fields: Record<string, string>) {
  const version = String((await templateRow("newsletterConfirmation", "hr"))?.version ?? 0);
  return submit(admin, path, { intent: "save", version, ...fields });
}

describe("the variables of a kind", () => {
  it("are declared for every mail kind, and anything else is unknown", () => {
    expect(Object.keys(TEMPLATE_VARIABLES).sort()).toEqual([...MAIL_KINDS].sort());
    expect(unknownVariables("orderConfirmation", "{{orderNumber}} {{ customerName }} {{link}} {{a.b}}")).toEqual(["link", "a.b"]);
  });

  it("are escaped in the HTML part and cannot make a script link; the text part takes them raw", () => {
    const mail = renderTemplate(
      "priceEnquiry",
      { subject: "Upit: {{name}}", bodyHtml: '<p>Od: {{name}}</p><p><a href="{{url}}">proizvod</a></p><p>{{content}}</p>' },
      { name: '<script>alert("x")</script>', url: "javascript:alert(1)", content: "prvi red\ndrugi & <b>treći</b>" },
    );
    expect(mail.subject).toBe('Upit: <script>alert("x")</script>');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).toContain("prvi red<br />drugi &amp; &lt;b&gt;treći&lt;/b&gt;");
    expect(mail.text).toContain('Od: <script>alert("x")</script>');
    expect(mail.text).toContain("drugi & <b>treći</b>");
  });
});

describe("/admin/templates", () => {
  it("lists every mail the shop sends, with the option keys of registration and password reset", async () => {
    const { html } = await admin.page("/admin/templates");
    const rows = new JSDOM(html).window.document.querySelectorAll('[data-testid="template-row"]');
    expect(rows).toHaveLength(MAIL_KINDS.length);
    expect(html).toContain("CMS opcija RegistrationEmailTemplate");
    expect(html).toContain("CMS opcija PasswordResetEmailTemplate");
    const searched = await admin.page("/admin/templates?q=newsletter");
    expect(new JSDOM(searched.html).window.document.querySelectorAll('[data-testid="template-row"]')).toHaveLength(1);
  });

  it("opens a kind in a language with its built-in text and its variables; an unknown kind or language is a 404", async () => {
    const { html } = await admin.page(EDITOR);
    expect(html).toContain("Potvrdite prijavu na newsletter");
    expect(textOf(html, '[data-testid="template-variables"]')).toContain("{{link}}");
    expect((await admin.get("/admin/templates/nemaTakve")).status).toBe(404);
    expect((await admin.get(`${EDITOR}?lang=fr`)).status).toBe(404);
  });

  it("refuses unknown variables with a translated message and stores nothing", async () => {
    const refused = await save(EDITOR, { subject: "Bok {{ime}}", bodyHtml: "<p>{{link}} {{tajna}}</p>" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Nepoznate varijable: {{ime}}. Koristite samo navedene varijable.");
    expect(await templateRow("newsletterConfirmation", "hr")).toBeUndefined();
  });

  it("previews the typed text with sample data without storing it, and sends a test mail to the signed-in user", async () => {
    const fields = { subject: "Pregled za {{email}}", bodyHtml: '<p><a href="{{link}}">Potvrdi</a></p>' };
    const preview = await submit(admin, EDITOR, { intent: "preview", ...fields });
    expect(preview.status).toBe(200);
    expect(textOf(preview.html, '[data-testid="preview-subject"]')).toBe("Pregled za ana.horvat@example.com");
    expect(await templateRow("newsletterConfirmation", "hr")).toBeUndefined();

    const test = await submit(admin, EDITOR, { intent: "test", ...fields });
    expect(test.status).toBe(200);
    const mail = await lastMailTo(DEMO_ADMIN.email);
    expect(mail).toMatchObject({ kind: "newsletterConfirmation", subject: "[Probna poruka] Pregled za ana.horvat@example.com" });
    // The sample link is on the shop's own origin (decision 0081: a template's links lead only there).
    expect(mail.html).toContain('href="http://localhost:3000/primjer-poveznice"');
    expect(textOf(test.html, '[data-testid="template-test-sent"]')).toContain(DEMO_ADMIN.email);
  });

  it("saves a Croatian template (sanitised, audited) that the real confirmation mail uses; German keeps the built-in text", async () => {
    const saved = await save(EDITOR, {
      subject: "Još jedan korak, {{email}}",
      bodyHtml: '<h1>Dobrodošli</h1><p>Potvrdite ovdje: <a href="{{link}}">potvrda</a></p><script>alert(1)</script>',
    });
    expect(saved).toMatchObject({
      status: 302,
      location: `${EDITOR}?lang=hr`,
      // The script is removed, and the editor is told so.
      toast: {
        type: "warning",
        text: "Predložak je spremljen. Uklonjeno je ono što predlošci ne smiju sadržavati: skripte (<script>).",
      },
    });
    const row = await templateRow("newsletterConfirmation", "hr");
    expect(row).toMatchObject({ version: 1, subject: "Još jedan korak, {{email}}", updatedByEmail: DEMO_ADMIN.email });
    expect(row.bodyHtml).not.toContain("script");
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "mailTemplate"), eq(auditLog.entityId, row.id)));
    expect(audit).toMatchObject({ action: "update", actorEmail: DEMO_ADMIN.email });

    const hr = await subscribe("predlozak@example.com", "/");
    expect(hr.subject).toBe("Još jedan korak, predlozak@example.com");
    expect(hr.html).toMatch(
      /<h2>Dobrodošli<\/h2><p>Potvrdite ovdje: <a href="http:\/\/localhost:3000\/actions\/newsletter\?token=[\w-]+">potvrda<\/a><\/p>/,
    );
    expect(hr.text).toMatch(/Potvrdite ovdje: potvrda \(http:\/\/localhost:3000\/actions\/newsletter\?token=[\w-]+\)/);

    const de = await subscribe("vorlage@example.com", "/de");
    expect(de.subject).toBe("Bestätigen Sie Ihr Newsletter-Abonnement");
    expect(de.html).toBeNull();
  });

  it("refuses a save or a reset over a stale version with 409 and changes nothing", async () => {
    const stale = await submit(admin, EDITOR, { intent: "save", version: "0", subject: "Stara verzija", bodyHtml: "<p>{{link}}</p>" });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("Netko je u međuvremenu promijenio ovaj zapis.");
    const staleReset = await submit(admin, EDITOR, { intent: "reset", version: "0" });
    expect(staleReset.status).toBe(409);
    expect((await templateRow("newsletterConfirmation", "hr")).subject).toBe("Još jedan korak, {{email}}");
  });

  it("resets to the built-in text: the next mail is composed in code again", async () => {
    const row = await templateRow("newsletterConfirmation", "hr");
    const reset = await submit(admin, EDITOR, { intent: "reset", version: String(row.version) });
    expect(reset).toMatchObject({ status: 302, toast: { text: "Vraćen je ugrađeni tekst." } });
    expect(await templateRow("newsletterConfirmation", "hr")).toMatchObject({ subject: null, bodyHtml: null, version: row.version + 1 });
    expect((await subscribe("ugradjeni@example.com", "/")).subject).toBe("Potvrdite prijavu na newsletter");
  });
});

describe("the registration's welcome (RegistrationEmailTemplate)", () => {
  it("is sent with the built-in text, and with the English template to an English registration only", async () => {
    const ids = (await db.select().from(consents)).filter((c) => c.uniqueNumber <= 2).map((c) => String(c.id));
    const register = (email: string, path: string) =>
      submit(
        new Visitor(shop),
        path,
        {
          intent: "register",
          firstName: "Iva",
          lastName: "Ivić",
          email,
          password: "Pocetna123",
          confirmedPassword: "Pocetna123",
          acceptedConsents: ids,
        },
        "/",
      );
    await register("dobrodosli@example.com", "/registracija");
    expect(await lastMailTo("dobrodosli@example.com")).toMatchObject({ kind: "welcome", subject: "Dobrodošli u Alu Krov" });

    const editor = "/admin/templates/welcome?lang=en";
    const { html } = await admin.page(editor);
    expect(html).toContain("CMS opcija RegistrationEmailTemplate");
    const saved = await submit(admin, editor, {
      intent: "save",
      version: "0",
      subject: "Hi {{name}}",
      bodyHtml: "<p>Welcome, {{name}}: {{link}}</p>",
    });
    expect(saved.status).toBe(302);
    await register("welcome@example.com", "/en/register");
    expect(await lastMailTo("welcome@example.com")).toMatchObject({
      kind: "welcome",
      subject: "Hi Iva",
      html: "<p>Welcome, Iva: http://localhost:3000/en/login</p>",
    });
    await register("dobrodosli2@example.com", "/registracija");
    expect((await lastMailTo("dobrodosli2@example.com")).subject).toBe("Dobrodošli u Alu Krov");
  });
});

describe("DefaultProductTemplate", () => {
  it("is saved sanitised per language (409 when stale) and prefills a new product's description", async () => {
    const page = await admin.page("/admin/templates");
    const fingerprint = new JSDOM(page.html).window.document.querySelector<HTMLInputElement>(
      '[data-testid="product-template"] input[name="fingerprint"]',
    )!.value;
    const fields = {
      intent: "productTemplate",
      fingerprint,
      hr: "<h2>Opis</h2><p>Materijal:</p><script>x()</script>",
      en: "<p>Material:</p>",
      de: "",
    };
    const saved = await submit(admin, "/admin/templates", fields);
    expect(saved).toMatchObject({
      status: 302,
      toast: {
        type: "warning",
        text: "Predložak opisa proizvoda je spremljen. Uklonjeno je ono što predlošci ne smiju sadržavati: skripte (<script>).",
      },
    });
    const [option] = await db
      .select()
      .from(options)
      .where(and(eq(options.siteId, 1), eq(options.key, "DefaultProductTemplate")));
    expect(option.value).toEqual({ hr: "<h2>Opis</h2><p>Materijal:</p>", en: "<p>Material:</p>", de: "" });
    expect((await submit(admin, "/admin/templates", { ...fields, hr: "<p>Drugo</p>" })).status).toBe(409);

    const form = await admin.page("/admin/products/new");
    expect(new JSDOM(form.html).window.document.querySelector<HTMLTextAreaElement>('textarea[name="description"]')!.value).toBe(
      "<h2>Opis</h2><p>Materijal:</p>",
    );
  });
});
