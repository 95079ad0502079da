// The same-size floor (decision 0070): for a shop page, the bare Remix page with as many
// product cards and as much HTML, so a fresh render's CPU is compared with what the
// framework itself costs for the same content rather than with a 24-item list.
import { get } from "./first-load.mjs";

const CARD = /data-testid="product-card"/g;

/** Product cards in a page's HTML. */
export const cardsIn = (html) => (html.match(CARD) ?? []).length;

/** Raw (decoded) size of the bare cards page with these counts. */
async function bareSize(bareBase, cards, links) {
  const page = await get(`${bareBase}/cards?cards=${cards}&links=${links}`, { accept: "text/html" });
  if (page.status !== 200) throw new Error(`bare /cards answered ${page.status}`);
  return Buffer.byteLength(page.body);
}

/**
 * The bare path whose HTML matches the shop page's: the page's card count, then navigation
 * links until the raw size is the page's (each link adds the same bytes, so two probes give
 * the count). Returns { path, cards, bytes, bareBytes }.
 */
export async function sameSizeFloor(bareBase, html) {
  const bytes = Buffer.byteLength(html);
  const cards = cardsIn(html);
  const [none, hundred] = [await bareSize(bareBase, cards, 0), await bareSize(bareBase, cards, 100)];
  const perLink = (hundred - none) / 100;
  const links = Math.max(0, Math.min(500, Math.round((bytes - none) / perLink)));
  const path = `/cards?cards=${cards}&links=${links}`;
  return { path, cards, bytes, bareBytes: await bareSize(bareBase, cards, links) };
}
