import type { Shop } from "./shop";

/**
 * A visitor with a cookie jar, talking to the shop through real Requests: it follows
 * nothing automatically, so tests see every status and redirect.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly shop: Shop,
    readonly origin = "http://localhost:3000",
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}) {
    const url = new URL(path, this.origin);
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    // Express hands Remix the browser's Host header; Remix compares it with Origin on every
    // action and answers 500 without it, so a request built by hand must carry it too.
    if (!headers.has("Host")) headers.set("Host", url.host);
    const response = await this.shop.handle(new Request(url, { ...init, headers, redirect: "manual" }));
    this.remember(response);
    return response;
  }

  get(path: string, headers: HeadersInit = {}) {
    return this.request(path, { headers });
  }

  /** GETs a page and returns its HTML. */
  async page(path: string) {
    const response = await this.get(path);
    return { response, html: await response.text() };
  }

  /** The CSRF token of the current session, read from a rendered form like a browser would. */
  async csrfToken(path = "/") {
    const { html } = await this.page(path);
    const match = /name="csrf" value="([^"]+)"/.exec(html);
    if (!match) throw new Error(`No CSRF token on ${path}`);
    return match[1];
  }

  /** Posts a form as a browser without JavaScript would, with this visitor's CSRF token. */
  async post(path: string, fields: Record<string, string | string[]>, { csrf = true, tokenFrom = "/" } = {}) {
    const body = new URLSearchParams();
    if (csrf) body.set("csrf", await this.csrfToken(tokenFrom));
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
    return this.request(path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin },
    });
  }
}
