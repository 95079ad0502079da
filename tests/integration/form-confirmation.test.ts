import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, consentLogs, consents, formSubmissions, forms, mailOutbox } from "~/.server/db/schema";
import { purgeUnconfirmedSubmissions } from "~/modules/forms/unconfirmed-submissions.server";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit, toastOf } from "../setup/account-helpers";
import { apiClient, documentedMismatch } from "../setup/api";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * A database form's e-mail confirmation (decision 0063; spec §3 e-mail confirmation query,
 * §7 form/confirmEmail/{token}): the builder's setting, the sender's mail instead of the
 * shop's, the link (HTML and API) that works once within 7 days and lands on the goal, the
 * inbox and dashboard that wait for it, and the housekeeping of what was never confirmed.
 * As a browser without JavaScript, plus the API client.
 */
// Many strict posts (public forms) from one address: the budget is raised (api-auth tests it).
process.env.RATE_LIMIT_AUTH_POINTS = "200";

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

const ROWS = [
  { name: "ime", type: "text", "label.hr": "Ime", required: "on" },
  { name: "email", type: "email", "label.hr": "E-mail", required: "on" },
];

/** The builder's post: slug, title, field rows and the "after confirmation" inputs. */
function builderPost(
  slug: string,
  confirmation: Record<string, string>,
  rows: Record<string, string>[] = ROWS,
  extra: Record<string, string> = {},
) {
  const fields: Record<string, string> = {
    intent: "save",
    slug,
    "title.hr": "Zatražite brošuru",
    "title.en": "Request the brochure",
    "title.de": "",
  };
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) fields[`fields[${i}].${key}`] = value;
  });
  for (const [key, value] of Object.entries(confirmation)) fields[`confirmation.${key}`] = value;
  return { ...fields, ...extra };
}

const MESSAGE_GOAL = {
  goalType: "message",
  "message.hr": "Hvala, brošura je na putu.",
  "message.en": "Thank you, the brochure is on its way.",
  "message.de": "",
};

async function formBySlug(slug: string) {
  const [row] = await db.select().from(forms).where(eq(forms.slug, slug));
  return row;
}

async function createForm(slug: string, confirmation: Record<string, string>) {
  const saved = await submit(admin, "/admin/forms/new", builderPost(slug, confirmation));
  expect(saved.status, saved.html.slice(0, 300)).toBe(302);
  return formBySlug(slug);
}

/** Sends the form as a shopper without JavaScript, from the page of `path` (its language). */
async function send(path: string, email: string) {
  const visitor = new Visitor(shop);
  const response = await visitor.post(path, { ime: "Ana", email, acceptedConsents: privacyConsent, redirectTo: path }, { tokenFrom: path });
  expect(response.status).toBe(302);
  const page = await visitor.page(response.headers.get("Location")!);
  return { visitor, toast: toastOf(page.html) };
}

const mailsTo = (to: string, kind: "formEmailConfirmation" | "formSubmission") =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), kind === "formSubmission" ? eq(mailOutbox.replyTo, to) : eq(mailOutbox.to, to)));
const submissionOf = async (email: string) => (await db.select().from(formSubmissions).where(eq(formSubmissions.email, email)))[0];

/** The confirmation link of the sender's mail, as a path with its token. */
async function linkOf(email: string) {
  const [mail] = await mailsTo(email, "formEmailConfirmation");
  return /http:\/\/localhost:3000(\/actions\/form-confirm\?token=[\w-]{43})/.exec(mail.text)![1];
}

const formsOnDashboard = async () => Number(/obrasci: (\d+)/.exec(decodeEntities((await admin.page("/admin")).html))![1]);

describe("the form builder's setting 'after confirmation'", () => {
  it("refuses a goal without an e-mail field, a message without Croatian text, a url off the shop and a file that is not fetchable", async () => {
    const noEmail = await submit(admin, "/admin/forms/new", builderPost("brosura-bez-emaila", MESSAGE_GOAL, [ROWS[0]]));
    expect(noEmail.status).toBe(400);
    expect(noEmail.html).toContain("Za potvrdu e-maila obrazac treba polje vrste E-mail.");

    const noMessage = await submit(admin, "/admin/forms/new", builderPost("brosura-bez-poruke", { ...MESSAGE_GOAL, "message.hr": "" }));
    expect(noMessage.status).toBe(400);
    expect(noMessage.html).toContain("Unos ovog polja je obavezan");

    for (const goal of ["https://zlo.example/hvala", "//zlo.example", "hvala"]) {
      const url = await submit(admin, "/admin/forms/new", builderPost("brosura-url", { goalType: "url", goal }));
      expect(url.status, goal).toBe(400);
      expect(url.html).toContain("Unesite lokalnu putanju koja počinje s / (npr. /hvala).");
    }
    for (const goal of ["javascript:alert(1)", "data:text/plain,x", ""]) {
      const file = await submit(admin, "/admin/forms/new", builderPost("brosura-datoteka", { goalType: "file", goal }));
      expect(file.status, goal).toBe(400);
      expect(file.html).toContain(goal ? "Unesite lokalnu putanju ili http(s) adresu datoteke." : "Unos ovog polja je obavezan");
    }
    expect(
      await db
        .select()
        .from(forms)
        .where(sql`${forms.slug} like 'brosura-%'`),
    ).toHaveLength(0);
  });

  it("stores the goal, shows it again in the builder, checks the version and audits the change", async () => {
    const form = await createForm("brosura-postavka", MESSAGE_GOAL);
    expect(form.confirmation).toEqual({
      goalType: "message",
      message: { hr: "Hvala, brošura je na putu.", en: "Thank you, the brochure is on its way." },
    });
    const page = await admin.page(`/admin/forms/${form.id}`);
    expect(page.html).toContain("Hvala, brošura je na putu.");

    const file = builderPost("brosura-postavka", { goalType: "file", goal: "https://www.alu-krov.hr/media/brosura.pdf" }, ROWS, {
      version: String(form.version),
    });
    expect((await submit(admin, `/admin/forms/${form.id}`, file)).status).toBe(302);
    expect((await formBySlug("brosura-postavka")).confirmation).toEqual({
      goalType: "file",
      goal: "https://www.alu-krov.hr/media/brosura.pdf",
    });
    // The same post again carries the old version: refused, nothing overwritten.
    expect(
      (
        await submit(
          admin,
          `/admin/forms/${form.id}`,
          builderPost("brosura-postavka", { goalType: "none" }, ROWS, { version: String(form.version) }),
        )
      ).status,
    ).toBe(409);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "form"), eq(auditLog.entityId, form.id)))
      .orderBy(desc(auditLog.id));
    expect(audit.action).toBe("update");
    expect(JSON.stringify(audit.after)).toContain("brosura.pdf");

    const none = builderPost("brosura-postavka", { goalType: "none" }, ROWS, { version: String(form.version + 1) });
    expect((await submit(admin, `/admin/forms/${form.id}`, none)).status).toBe(302);
    expect((await formBySlug("brosura-postavka")).confirmation).toBeNull();
  });
});

describe("a form that asks for e-mail confirmation", () => {
  it("stores the submission and its consent log, mails the sender a link in their language, not the shop; the inbox and dashboard wait", async () => {
    await createForm("brosura-poruka", MESSAGE_GOAL);
    const email = "ana.potvrda@example.com";
    const formsBefore = await formsOnDashboard();
    const { toast } = await send("/en/form/brosura-poruka", email);
    expect(toast).toEqual({
      type: "success",
      text: "We have sent you an e-mail with a link to confirm your address. Your message reaches us once you confirm it.",
    });

    const row = await submissionOf(email);
    expect(row).toMatchObject({
      formSlug: "brosura-poruka",
      locale: "en",
      emailConfirmedAt: null,
      mailId: null,
      data: { ime: "Ana", email },
    });
    expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.select().from(consentLogs).where(eq(consentLogs.id, row.consentLogId!))).toHaveLength(1);
    expect(await mailsTo(email, "formSubmission")).toEqual([]);
    const [mail] = await mailsTo(email, "formEmailConfirmation");
    expect(mail.subject).toBe("Confirm your e-mail address: Request the brochure");
    const link = await linkOf(email);
    // Only the token's hash is stored.
    expect(row.confirmTokenHash).not.toContain(link.split("=")[1]);

    // Not the shop's work yet: not in the inbox, not on its detail page, not counted.
    expect((await admin.page(`/admin/enquiries?kind=form&q=${encodeURIComponent(email)}`)).html).not.toContain(
      `/admin/enquiries/submission-${row.id}`,
    );
    expect((await admin.get(`/admin/enquiries/submission-${row.id}`)).status).toBe(404);
    expect(await formsOnDashboard()).toBe(formsBefore);
  });

  it("the link confirms once: the shop is mailed, the sender lands on /confirm-email with the goal; a second use is refused", async () => {
    const email = "ana.potvrda@example.com";
    const link = await linkOf(email);
    const formsBefore = await formsOnDashboard();
    const visitor = new Visitor(shop);
    const confirmed = await visitor.get(link);
    expect(confirmed.status).toBe(302);
    const location = confirmed.headers.get("Location")!;
    const target = new URL(location, "http://localhost:3000");
    expect(target.pathname).toBe("/en/confirm-email");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      goalType: "message",
      goal: "Thank you, the brochure is on its way.",
      confirmedEmail: email,
    });
    const page = await visitor.page(location);
    expect(page.html).toContain("Thank you, the brochure is on its way.");

    const row = await submissionOf(email);
    expect(row.confirmTokenHash).toBeNull();
    expect(row.emailConfirmedAt).toBeInstanceOf(Date);
    const shopMails = await mailsTo(email, "formSubmission");
    expect(shopMails).toHaveLength(1);
    expect(row.mailId).toBe(shopMails[0].id);
    expect(shopMails[0].text).toContain("Ime: Ana");

    // Now it is the shop's: in the inbox and counted.
    expect((await admin.page(`/admin/enquiries?kind=form&q=${encodeURIComponent(email)}`)).html).toContain(
      `/admin/enquiries/submission-${row.id}`,
    );
    expect((await admin.get(`/admin/enquiries/submission-${row.id}`)).status).toBe(200);
    expect(await formsOnDashboard()).toBe(formsBefore + 1);

    const again = await visitor.get(link);
    expect(again.headers.get("Location")).toBe("/");
    expect(toastOf((await visitor.page("/")).html)).toEqual({
      type: "error",
      text: "Poveznica za potvrdu nije valjana, istekla je ili je već iskorištena.",
    });
    expect(await mailsTo(email, "formSubmission")).toHaveLength(1);
  });

  it("a url goal lands on its local page, in the submission's language", async () => {
    await createForm("brosura-stranica", { goalType: "url", goal: "/kontakt" });
    const email = "url.potvrda@example.com";
    await send("/obrazac/brosura-stranica", email);
    const confirmed = await new Visitor(shop).get(await linkOf(email));
    const target = new URL(confirmed.headers.get("Location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/potvrdi-email");
    expect(target.searchParams.get("goalType")).toBe("url");
    const page = await new Visitor(shop).get(`${target.pathname}${target.search}`);
    expect([page.status, page.headers.get("Location")]).toEqual([302, "/kontakt"]);
  });

  it("an expired link (older than 7 days) is refused; housekeeping deletes the submission and keeps its consent log", async () => {
    const email = "stara.potvrda@example.com";
    await send("/obrazac/brosura-poruka", email);
    const row = await submissionOf(email);
    await db
      .update(formSubmissions)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(formSubmissions.id, row.id));
    const refused = await new Visitor(shop).get(await linkOf(email));
    expect(refused.headers.get("Location")).toBe("/");
    expect((await submissionOf(email)).emailConfirmedAt).toBeNull();
    expect(await mailsTo(email, "formSubmission")).toEqual([]);

    // A fresh unconfirmed one and a confirmed old one stay.
    const fresh = "nova.potvrda@example.com";
    await send("/obrazac/brosura-poruka", fresh);
    await db
      .update(formSubmissions)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(formSubmissions.email, "ana.potvrda@example.com"));
    expect(await purgeUnconfirmedSubmissions()).toBe(1);
    expect(await submissionOf(email)).toBeUndefined();
    expect(await submissionOf(fresh)).toBeDefined();
    expect(await submissionOf("ana.potvrda@example.com")).toBeDefined();
    expect(await db.select().from(consentLogs).where(eq(consentLogs.id, row.consentLogId!))).toHaveLength(1);
  });

  it("turns a junk or missing token into the message, never a 500", async () => {
    for (const path of [
      "/actions/form-confirm",
      "/actions/form-confirm?token=",
      "/actions/form-confirm?token='--",
      `/actions/form-confirm?token=${"a".repeat(43)}`,
    ]) {
      const response = await new Visitor(shop).get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    // A NUL in the address never reaches the action: the address rule answers first (decision 0083).
    expect((await new Visitor(shop).get(`/actions/form-confirm?token=%00'--`)).status).toBe(400);
  });
});

describe("GET /api/v1/cms/form/confirmEmail/{token} (spec §7)", () => {
  it("confirms by the token and answers the goal; a used or wrong token is a 404 in the failure envelope", async () => {
    await createForm("brosura-api", { goalType: "file", goal: "/media/brosura.pdf" });
    const email = "api.potvrda@example.com";
    await send("/de/formular/brosura-api", email);
    const token = (await linkOf(email)).split("=")[1];
    const client = await apiClient(shop);
    const answer = await client.call("cms.form.confirmEmail", { params: { token } });
    expect(answer).toEqual({ ok: true, status: 200, data: { goalType: "file", goal: "/media/brosura.pdf", confirmedEmail: email } });
    if (answer.ok) expect(await documentedMismatch(shop, "v1.cms.form.confirmEmail", 200, { data: answer.data })).toEqual([]);
    expect(await mailsTo(email, "formSubmission")).toHaveLength(1);
    expect((await submissionOf(email)).confirmTokenHash).toBeNull();

    for (const wrong of [token, "a".repeat(43), "kratko"]) {
      const refused = await client.call("cms.form.confirmEmail", { params: { token: wrong } });
      expect(refused, wrong).toEqual({
        ok: false,
        status: 404,
        failure: { errored: true, statusCode: 404, message: "Confirmation token not found or expired" },
      });
    }
    expect(await mailsTo(email, "formSubmission")).toHaveLength(1);
  });

  it("a message goal comes in the submission's language, Croatian when it has none", async () => {
    const email = "de.potvrda@example.com";
    await send("/de/formular/brosura-poruka", email);
    const token = (await linkOf(email)).split("=")[1];
    const answer = await (await apiClient(shop)).call("cms.form.confirmEmail", { params: { token } }, { version: "v2" });
    expect(answer).toMatchObject({ ok: true, data: { goalType: "message", goal: "Hvala, brošura je na putu.", confirmedEmail: email } });
  });
});
