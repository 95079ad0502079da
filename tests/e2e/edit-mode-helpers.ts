import type { Page } from "@playwright/test";
import { expect, ready } from "./fixtures";

/** Steps shared by the in-page editor's specs. */

/** Opens a page in edit mode and waits for the toolbar and the outlines (the header's is always there). */
export async function openEditor(page: Page, path: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}editPage=true`);
  await ready(page, true);
  const toolbar = page.getByTestId("edit-toolbar");
  await expect(toolbar).toBeVisible();
  await expect(page.locator('[data-edit-target="header"]')).toBeAttached();
  return toolbar;
}

/** The form tokens every post carries, read from the page's own forms. */
export async function editTokens(page: Page) {
  const html = await page.content();
  return {
    csrf: /name="csrf" value="([^"]+)"/.exec(html)![1],
    website: "",
    from__confirm: /name="from__confirm" value="([^"]+)"/.exec(html)![1],
  };
}

/** Posts an edit of the open page's draft as the editor's own fetchers do. */
export async function postPageEdit(page: Page, fields: Record<string, string>) {
  const toolbar = page.getByTestId("edit-toolbar");
  const [pageId, lng, revision] = await Promise.all(
    ["data-page-id", "data-lng", "data-revision"].map((name) => toolbar.getAttribute(name)),
  );
  const form = { ...(await editTokens(page)), pageId: pageId!, lng: lng!, revision: revision!, ...fields };
  const response = await page.request.post("/admin/edit/page.data", { form, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
}

/** Drops the page's draft, if there is one, as the toolbar's "Odbaci skicu" would. */
export async function discardDraft(page: Page, path: string) {
  const toolbar = await openEditor(page, path);
  if ((await toolbar.getAttribute("data-revision")) === "0") return;
  await postPageEdit(page, { intent: "discard" });
}
