// The API rows of `npm run bench`: the calls an app makes most, with the probe's integration
// key. Each cart add names no cart, so each creates one (the costliest add, as the form rows).

/** The request autocannon repeats for an API row: { path, method, headers, body }. */
export function apiRequest(path, { apiKey, productId }) {
  const headers = { "x-api-key": apiKey, "accept-encoding": "gzip", accept: "application/json" };
  const json = (body) => ({
    path,
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (path.endsWith("/product/web/filter")) return json({ limit: 24, page: 1 });
  if (path.endsWith("/ecommerce/cart/addItem")) return json({ productId, qty: 1 });
  return { path, method: "GET", headers };
}
