import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Forms, subscribers, comments and redirects in the backoffice (decision 0055), JavaScript on and
 * off. The projects share one database: names carry the project's name, and every test gives back
 * what it made (the form, the subscriber, the comment, the redirect) in its `finally`.
 */
const SENT = "Hvala! Vaša poruka je poslana, javit ćemo vam se uskoro.";
const PRODUCT = "/product/krovni-sendvic-panel-40-mm-pir";
const flash = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function adminPage(browser: Browser, js: boolean, baseURL: string, to = "/admin") {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page, to);
  await ready(page, js);
  return page;
}

const pdfs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `krov-${i}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% roof ${i}\n`),
  }));

/** Fills the builder's empty last row and saves: each save adds one field (no JavaScript needed). */
async function addField(admin: Page, js: boolean, field: { name: string; type: string; label: string; required?: boolean }) {
  const row = admin.getByTestId("form-builder").getByRole("group", { name: "Novo polje" });
  await row.getByLabel(/^Naziv polja/).fill(field.name);
  await row.getByLabel(/^Vrsta/).selectOption(field.type);
  await row.getByLabel(/^Oznaka \(Hrvatski\)/).fill(field.label);
  if (field.required) await row.getByLabel("Obavezno", { exact: true }).check();
  await admin.getByRole("button", { name: "Spremi obrazac" }).click();
  await expect(admin).toHaveURL(/\/admin\/forms\/\d+$/);
  await expect(admin.getByTestId("form-preview").getByText(field.label).first()).toBeVisible();
  await ready(admin, js);
}

test("a form built with a file field takes 10 files, refuses 11, and the inbox shows them", async ({ page, js, browser }, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  const slug = `e2e-fotografije-${info.project.name}`;
  const email = `datoteke-${info.project.name}@example.com`;
  const admin = await adminPage(browser, js, baseURL, "/admin/forms");
  let formUrl: string | null = null;
  try {
    await admin.getByRole("link", { name: "Novi obrazac" }).click();
    // A client navigation that first loads the builder's code: slow on a busy 2-core CI machine (it once took over 5 s).
    await expect(admin).toHaveURL(/\/admin\/forms\/new$/, { timeout: 15_000 });
    await ready(admin, js);
    await admin.getByLabel(/^Slug/).fill(slug);
    await admin.getByLabel(/^Naslov \(Hrvatski\)/).fill("Pošaljite fotografije krova");
    await addField(admin, js, { name: "ime", type: "text", label: "Vaše ime", required: true });
    formUrl = new URL(admin.url()).pathname;
    await flash(admin, "Obrazac je spremljen.");
    await addField(admin, js, { name: "email", type: "email", label: "Vaš e-mail", required: true });
    await addField(admin, js, { name: "fotografije", type: "file", label: "Fotografije krova" });

    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
    await page.goto(`/obrazac/${slug}`);
    await ready(page, js);
    // The file field was added without "Obavezno": the page does not ask for a file.
    await expect(page.getByTestId(`form-${slug}`).getByLabel(/^Fotografije krova/)).not.toHaveAttribute("required");
    const fill = async (files: number) => {
      const form = page.getByTestId(`form-${slug}`);
      await form.getByLabel(/^Vaše ime/).fill("Marko");
      await form.getByLabel(/^Vaš e-mail/).fill(email);
      await form.getByLabel(/^Fotografije krova/).setInputFiles(pdfs(files));
      await form.getByRole("checkbox", { name: /politiku privatnosti/ }).check();
      await form.getByRole("button", { name: "Pošalji" }).click();
    };
    await fill(11);
    await expect(page.getByText("Možete poslati najviše 10 datoteka odjednom.")).toBeVisible();
    await ready(page, js);
    await fill(10);
    await flash(page, SENT);

    await admin.goto(`/admin/enquiries?kind=form&q=${encodeURIComponent(email)}`);
    await admin.getByTestId("enquiries-table").locator("tr", { hasText: email }).getByTestId("enquiry-link").click();
    const files = admin.getByTestId("enquiry-files");
    await expect(files.getByRole("link")).toHaveCount(10);
    await expect(files.getByRole("link", { name: "krov-9.pdf" })).toBeVisible();
    const download = admin.waitForEvent("download");
    await files.getByRole("link", { name: "krov-3.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("krov-3.pdf");

    // The shopper's files belong to the inbox: the media library neither lists nor offers them.
    await admin.goto("/admin/media?view=list&access=private&q=krov-");
    await ready(admin, js);
    await expect(admin.getByTestId("admin-media")).toBeVisible();
    await expect(admin.getByTestId("media-row").filter({ hasText: "krov-3.pdf" })).toHaveCount(0);
    if (js) {
      await admin.getByRole("button", { name: "Odaberi iz biblioteke (adresa slike)" }).click();
      const dialog = admin.getByTestId("media-library-dialog");
      await dialog.getByLabel("Pretraži").fill("krov-3");
      await expect(dialog.getByText("Nema datoteka.")).toBeVisible();
      await expect(dialog.getByTestId("media-dialog-item")).toHaveCount(0);
    }
  } finally {
    if (formUrl) {
      await admin.goto(formUrl);
      await ready(admin, js);
      await admin.getByTestId("form-delete").getByRole("button", { name: "Obriši obrazac" }).click();
      await expect(admin).toHaveURL(/\/admin\/forms$/);
    }
    await admin.context().close();
  }
});

test("exports the subscribers as CSV, unsubscribes one and deletes it", async ({ page, js, browser }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const email = `csv-${info.project.name}@example.com`;
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  await page.goto("/");
  await ready(page, js);
  const block = page.getByTestId("newsletter");
  await block.getByLabel("E-mail adresa").fill(email);
  for (const box of await block.getByRole("checkbox").all()) await box.check();
  await block.getByRole("button", { name: "Prijavi se" }).click();
  await flash(page, "Hvala! Prijavljeni ste na newsletter.");

  const admin = await adminPage(browser, js, baseURL, "/admin/newsletter");
  await admin.goto(`/admin/newsletter?q=${encodeURIComponent(email)}`);
  await ready(admin, js);
  const row = admin.getByTestId("subscriber-row").filter({ hasText: email });
  try {
    await expect(row).toHaveCount(1);
    const download = admin.waitForEvent("download");
    await admin.getByTestId("csv-export").click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(`${email};Pretplaćen;hr`);

    await row.getByRole("checkbox").check();
    await admin.getByRole("button", { name: "Odjavi" }).click();
    await flash(admin, "Odjavljeno: 1, preskočeno: 0.");
    await expect(admin.getByTestId("subscriber-row").filter({ hasText: email }).getByTestId("subscriber-state")).toHaveText("Odjavljen");
    await ready(admin, js);
  } finally {
    await admin.getByTestId("subscriber-row").filter({ hasText: email }).getByRole("checkbox").check();
    await admin.getByRole("button", { name: "Obriši" }).click();
    await expect(admin.getByTestId("subscriber-row").filter({ hasText: email })).toHaveCount(0);
    await admin.context().close();
  }
});

test("the shop edits and answers a comment; the answer shows under it on the product page", async ({ page, js, browser }, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  const text = `Paneli stigli oštećeni (${info.project.name})`;
  await page.goto(PRODUCT);
  await ready(page, js);
  await page.getByTestId("comment-login").getByRole("link").click();
  await ready(page, js);
  const login = page.getByTestId("login-form");
  await login.locator('[name="username"]').fill("kupac@example.com");
  await login.locator('[name="password"]').fill("Kupac2026!");
  await login.getByRole("button", { name: "Prijava" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  await ready(page, js);
  const form = page.getByTestId("comment-form");
  await form.locator('label[for="new-star-2"]').click();
  await form.getByLabel("Komentar").fill(text);
  await form.getByRole("button", { name: "Pošalji komentar" }).click();
  await expect(page.getByTestId("comment").filter({ hasText: text })).toBeVisible();

  const admin = await adminPage(browser, js, baseURL, "/admin/comments");
  let opened = false;
  try {
    await admin.goto(`/admin/comments?q=${encodeURIComponent(text)}`);
    await admin.getByTestId("comment-row").filter({ hasText: text }).getByRole("link").first().click();
    await expect(admin).toHaveURL(/\/admin\/comments\/\d+$/);
    opened = true;
    await ready(admin, js);
    const edited = `${text} – zamijenjeni`;
    await admin
      .getByTestId("comment-edit")
      .getByLabel(/^Tekst komentara/)
      .fill(edited);
    await admin
      .getByTestId("comment-edit")
      .getByLabel(/^Ocjena/)
      .selectOption("4");
    await admin.getByRole("button", { name: "Spremi komentar" }).click();
    await flash(admin, "Komentar je spremljen.");
    await ready(admin, js);
    await admin
      .getByTestId("comment-reply-form")
      .getByLabel(/^Odgovor/)
      .fill("Ispričavamo se, novi paneli su poslani.");
    await admin.getByRole("button", { name: "Spremi odgovor" }).click();
    await flash(admin, "Odgovor je spremljen.");
    await ready(admin, js);
    await admin.getByTestId("comment-moderate").getByRole("button", { name: "Odobri" }).click();
    await flash(admin, "Komentar je odobren.");
    await ready(admin, js);

    const shopper = await browser.newPage({ baseURL, javaScriptEnabled: js });
    await shopper.goto(PRODUCT);
    const shown = shopper.getByTestId("comment").filter({ hasText: edited });
    await expect(shown).toBeVisible();
    await expect(shown.getByTestId("comment-reply")).toContainText("Odgovor trgovine");
    await expect(shown.getByTestId("comment-reply")).toContainText("Ispričavamo se, novi paneli su poslani.");
    await shopper.close();
  } finally {
    if (opened) {
      const del = admin.getByTestId("comment-delete");
      await del.getByLabel("Da, trajno obriši ovaj komentar").check();
      await del.getByRole("button", { name: "Obriši" }).click();
      await expect(admin).toHaveURL(/\/admin\/comments$/);
    }
    await admin.context().close();
  }
});

test("a logged 404 becomes a redirect that visitors follow", async ({ page, js, browser }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const old = `/e2e-stara-adresa-${info.project.name}`;
  expect((await page.goto(old))?.status()).toBe(404);

  const admin = await adminPage(browser, js, baseURL, "/admin/redirects");
  let made = false;
  try {
    await admin.getByRole("link", { name: "Nepostojeće adrese (404)" }).click();
    await expect(admin).toHaveURL(/\/admin\/redirects\/not-found$/);
    await ready(admin, js);
    const row = admin.getByTestId("failed-row").filter({ hasText: old });
    await row.getByLabel("Na adresu").fill("/kontakt");
    await row.getByRole("button", { name: "Napravi preusmjeravanje" }).click();
    await expect(admin).toHaveURL(/\/admin\/redirects\/\d+$/);
    made = true;
    await flash(admin, "Preusmjeravanje je spremljeno.");
    await ready(admin, js);

    await page.goto(old);
    await expect(page).toHaveURL(/\/kontakt$/);
    await admin.goto("/admin/redirects/not-found");
    await expect(admin.getByTestId("failed-row").filter({ hasText: old })).toHaveCount(0);
  } finally {
    if (made) {
      await admin.goto(`/admin/redirects?q=${encodeURIComponent(old)}`);
      await admin.getByTestId("redirect-row").filter({ hasText: old }).getByRole("link").click();
      await ready(admin, js);
      await admin.getByRole("button", { name: "Obriši preusmjeravanje" }).click();
      await expect(admin).toHaveURL(/\/admin\/redirects$/);
    }
    await admin.context().close();
  }
});
