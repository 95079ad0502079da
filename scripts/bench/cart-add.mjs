// The "cart add" rows (decision 0070): the product page's add-to-cart form posted under load,
// as a browser without JavaScript posts it (a redirect with a flash toast) and as a hydrated
// page's fetcher does (single fetch: the action's data from <action>.data). No cart cookie
// is sent, so each request is a first add that creates its cart (the costliest add).
import { cookiesOf, get } from "./first-load.mjs";

const decode = (value) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
const attr = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : undefined;
};

/** The add-to-cart form of a product page: where it posts, its fields as posted, the visit's cookies. */
export async function addToCartForm(productUrl) {
  const page = await get(productUrl, { accept: "text/html" });
  const form = /<form\b[^>]*data-testid="add-to-cart-form"[^>]*>([\s\S]*?)<\/form>/.exec(page.body);
  if (!form) throw new Error(`no add-to-cart form on ${productUrl} (status ${page.status})`);
  const action = attr(form[0].slice(0, form[0].indexOf(">") + 1), "action");
  const fields = new URLSearchParams();
  for (const input of form[1].match(/<input\b[^>]*>/g) ?? []) {
    const name = attr(input, "name");
    if (!name) continue;
    fields.append(name, attr(input, "value") ?? "");
  }
  if (!fields.get("quantity")) fields.set("quantity", "1");
  return { action, fields, cookie: cookiesOf(page) };
}

/** The request autocannon repeats: { path, method, headers, body } for one style of post. */
export function addToCartRequest(form, base, style) {
  const fields = new URLSearchParams(form.fields);
  let path = form.action;
  if (style === "fetcher") {
    fields.set("via", "fetcher");
    fields.set("js", "1");
    path = `${form.action.replace(/\/$/, "")}.data`;
  }
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    origin: base,
    cookie: form.cookie,
    "accept-encoding": "gzip",
  };
  return { path, method: "POST", headers, body: fields.toString() };
}
