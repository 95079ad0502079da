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
    return (await this.formTokens(path)).csrf;
  }

  /**
   * What every form of a rendered page posts besides its own fields, as a browser would:
   * the session's CSRF token and the honeypot (its empty field and the encrypted time).
   */
  async formTokens(path = "/") {
    const { html } = await this.page(path);
    return formTokensOf(html, path);
  }

  /**
   * Posts a form as a browser without JavaScript would, with this visitor's CSRF token and
   * the honeypot fields (`honeypot: false` leaves those out, as a robot might).
   */
  async post(path: string, fields: Record<string, string | string[]>, { csrf = true, tokenFrom = "/", honeypot = true } = {}) {
    const body = new URLSearchParams();
    if (csrf || honeypot) {
      const tokens = await this.formTokens(tokenFrom);
      if (csrf) body.set("csrf", tokens.csrf);
      if (honeypot) {
        body.set("website", tokens.website);
        body.set("from__confirm", tokens.from__confirm);
      }
    }
    for (const [key, value] of Object.entries(fields)) {
      if (key === "website" || key === "from__confirm" || key === "csrf") body.delete(key);
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
    return this.request(path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin },
    });
  }
}

/** The CSRF token and honeypot fields of a rendered page's forms. */
export function formTokensOf(html: string, path = "the page") {
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`No CSRF token on ${path}`);
  const validFrom = /name="from__confirm" value="([^"]+)"/.exec(html)?.[1];
  if (!validFrom) throw new Error(`No honeypot on ${path}`);
  return { csrf, website: "", from__confirm: validFrom };
}
