import { JSDOM } from "jsdom";
import { expect } from "vitest";
import type { Visitor } from "./client";

/** The flash toast a page shows (rendered by the root for browsers without JavaScript). */
export function toastOf(html: string) {
  const toast = /<div role="status" data-toast="(\w+)"[^>]*>([^<]*)<\/div>/.exec(html);
  return toast ? { type: toast[1], text: decodeEntities(toast[2]) } : null;
}

export function decodeEntities(text: string) {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Posts a form as a browser without JavaScript; on a redirect, follows it once and reads the toast. */
export async function submit(visitor: Visitor, path: string, fields: Record<string, string | string[]>, tokenFrom = path) {
  const response = await visitor.post(path, fields, { tokenFrom });
  if (response.status !== 302) return { status: response.status, location: null, toast: null, html: decodeEntities(await response.text()) };
  const location = response.headers.get("Location")!;
  const page = await visitor.get(location);
  const html = await page.text();
  return { status: 302, location, toast: toastOf(html), html: decodeEntities(html) };
}

/** Whether the visitor's cookies belong to a signed-in customer: /prijava then sends them to the profile. */
export async function isSignedIn(visitor: Visitor) {
  const response = await visitor.get("/prijava");
  await response.text();
  if (response.status === 302) {
    expect(response.headers.get("Location")).toBe("/profil");
    return true;
  }
  expect(response.status).toBe(200);
  return false;
}

/** The text of the element with `id` (a field's error line "login-username-error"), or null. */
export function textOf(html: string, selector: string): string | null {
  const element = new JSDOM(html).window.document.querySelector(selector);
  return element ? (element.textContent ?? "") : null;
}

/** Every field error line of a form, by the element id without "-error". */
export function fieldErrors(html: string, formTestId: string): Record<string, string> {
  const form = new JSDOM(html).window.document.querySelector(`form[data-testid="${formTestId}"]`);
  const errors: Record<string, string> = {};
  for (const line of form?.querySelectorAll('[id$="-error"]') ?? [])
    if (line.textContent) errors[line.id.replace(/-error$/, "")] = line.textContent;
  return errors;
}
