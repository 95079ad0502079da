import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { discardDraft, openEditor, postPageEdit } from "./edit-mode-helpers";
import { expect, ready, test } from "./fixtures";

/**
 * A draft's preview link for the owner (decision 0124). With JavaScript: the editor changes a
 * section of "O nama", gets the link from the toolbar (field, copy button, expiry), and a new
 * browser without a session opens it: the draft's text under the "not published" banner, no
 * toolbar and none of the editor's code, never cached, not indexed. Without JavaScript (edit
 * mode itself needs it): the note leads to the link's screen, its form posts and shows the link,
 * which opens without JavaScript too. Each test discards the draft it made.
 */
const LIVE_CTA = "Trebate novi krov?";
const DRAFT_CTA = "Krov za generacije – na odobrenje";

async function editorContext(browser: Browser, baseURL: string, js: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  // The cookie notice would sit over the editor's panel.
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

/** Opens the link in a new browser without a session and checks what the owner sees. */
async function openAsOwner(browser: Browser, baseURL: string, js: boolean, link: string, draftText: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const owner = await context.newPage();
  const scripts: string[] = [];
  owner.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  try {
    const response = (await owner.goto(link))!;
    await ready(owner, js);
    expect(response.status()).toBe(200);
    await expect(owner.getByTestId("draft-preview-banner")).toHaveText("Pregled skice — nije objavljeno");
    await expect(owner.getByText(draftText)).toBeVisible();
    await expect(owner.getByTestId("edit-toolbar")).toHaveCount(0);
    await expect(owner.getByTestId("edit-mode-note")).toHaveCount(0);
    await expect(owner.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const headers = response.headers();
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-page-cache"]).toBeUndefined();
    const home = (await owner.request.get("/"))!;
    expect(headers["referrer-policy"]).toBe(home.headers()["referrer-policy"]);
    // Opened again: rendered afresh, never from the page cache.
    const again = await owner.request.get(link);
    expect(again.headers()["x-page-cache"]).toBeUndefined();
    expect(await again.text()).toContain(draftText);
    // None of the editor's code reaches the owner.
    expect(scripts.filter((url) => /edit-mode|edit-dialogs|section-manager|component-panel/.test(url))).toEqual([]);
  } finally {
    await context.close();
  }
}

test.describe("a draft's preview link", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the editor gets a link of the edited draft; a browser without a session sees the draft", async ({ browser, js, baseURL }) => {
    test.skip(!js, "the in-place editor needs JavaScript (the no-JS test makes the link through its screen)");
    const editor = await editorContext(browser, baseURL!, true);
    try {
      await editor.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
      const toolbar = await openEditor(editor, "/o-nama");
      await expect(toolbar.getByRole("button", { name: "Poveznica za pregled" })).toBeDisabled();
      await editor.locator('[data-edit-target^="section-"]').getByRole("button", { name: "Uredi: Poziv na akciju" }).click();
      const panel = editor.getByTestId("component-panel");
      await panel.getByLabel("Naslov").fill(DRAFT_CTA);
      await panel.getByRole("button", { name: "Spremi skicu" }).click();
      await expect(editor.getByTestId("edit-status")).toHaveText("Skica je spremljena.");
      await panel.getByRole("button", { name: "Zatvori" }).click();

      await toolbar.getByRole("button", { name: "Poveznica za pregled" }).click();
      const dialog = editor.getByTestId("preview-link-dialog");
      const field = dialog.getByLabel("Poveznica", { exact: true });
      await expect(field).toHaveValue(/^http:\/\/[^/]+\/pregled\/\d+\.hrv\.\d+\.\d+\.[\w-]{43}$/);
      await expect(dialog.getByTestId("preview-link-expires")).toContainText("Vrijedi do");
      const link = await field.inputValue();
      await dialog.getByRole("button", { name: "Kopiraj" }).click();
      await expect(dialog.getByRole("status")).toHaveText("Poveznica je kopirana.");
      expect(await editor.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await openAsOwner(browser, baseURL!, true, link, DRAFT_CTA);
      // The shoppers' page is still the live one.
      const shopper = await (await browser.newContext({ baseURL })).newPage();
      await shopper.goto("/o-nama");
      await expect(shopper.getByText(LIVE_CTA)).toBeVisible();
      await shopper.context().close();
    } finally {
      await discardDraft(editor, "/o-nama");
      await editor.context().close();
    }
  });

  test("without JavaScript the note leads to the link's screen, whose form makes the link", async ({ browser, js, baseURL }) => {
    test.skip(js, "the way for browsers without JavaScript");
    // The draft is made as the editor's own post would (editing itself needs JavaScript).
    const setup = await editorContext(browser, baseURL!, true);
    const draftText = "Skica bez JavaScripta za vlasnika";
    let editor: Page | null = null;
    try {
      await openEditor(setup, "/o-nama");
      await postPageEdit(setup, { intent: "texts", title: "O nama", metaDescription: "", bodyHtml: `<p>${draftText}</p>` });

      editor = await editorContext(browser, baseURL!, false);
      await editor.goto("/o-nama?editPage=true");
      const note = editor.getByTestId("edit-mode-note");
      await expect(note).toContainText("Uređivanje na stranici treba JavaScript");
      await note.getByRole("link", { name: "Poveznica za pregled skice" }).click();
      const screen = editor.getByTestId("preview-link-screen");
      await expect(screen.getByRole("heading", { level: 1 })).toHaveText("Poveznica za pregled");
      await screen.getByRole("button", { name: "Napravi poveznicu" }).click();
      const field = editor.getByTestId("preview-link-screen").getByLabel("Poveznica", { exact: true });
      await expect(field).toHaveValue(/\/pregled\/\d+\.hrv\.\d+\.\d+\.[\w-]{43}$/);
      await expect(editor.getByTestId("preview-link-expires")).toContainText("Vrijedi do");
      // No copy button without JavaScript: the field is there to copy by hand.
      await expect(screen.getByRole("button", { name: "Kopiraj" })).toHaveCount(0);

      await openAsOwner(browser, baseURL!, false, await field.inputValue(), draftText);
    } finally {
      await editor?.context().close();
      await discardDraft(setup, "/o-nama");
      await setup.context().close();
    }
  });
});
