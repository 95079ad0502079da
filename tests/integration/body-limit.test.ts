import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * DESIGN.md "Trust boundaries": bodies over a limit (1 MB for forms) get 413 before
 * parsing (decision 0035). Against the real production server (build/server.js), so the
 * express middleware and the handler that passes the counted body on to Remix are the ones
 * that run.
 */
const root = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess;
let port: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-body-limit-"));
  server = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      SESSION_SECRET: "body-limit-test-secret-0123456789",
      PUBLIC_URL: "http://localhost:3000",
      PORT: "0",
      DATA_DIR: dataDir,
      RATE_LIMIT_POINTS: "1000",
      RATE_LIMIT_AUTH_POINTS: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  port = await new Promise<number>((resolve, reject) => {
    server.stdout!.on("data", (d) => {
      output += d;
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    server.stderr!.on("data", (d) => (output += d));
    server.once("exit", (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}, 120_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGTERM");
});

type Answer = { status: number; body: string };

/**
 * Posts `size` bytes of a form body in 64 KiB chunks, with a Content-Length or chunked
 * (none), and resolves with the answer as soon as it comes: a refusing server answers
 * before the whole body is sent and closes the connection. `send` stops writing earlier
 * and waits (a declared length over the limit is refused on the headers alone).
 */
function post(pathname: string, size: number, { chunked = false, headers = {} as Record<string, string>, send = size } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: pathname,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(chunked ? {} : { "Content-Length": String(size) }), ...headers },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (d) => (body += d));
      response.on("end", () => {
        resolve({ status: response.statusCode!, body });
        request.destroy();
      });
    });
    // The server may close the socket while the rest is still being written.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    chunk.write("content=");
    let sent = 0;
    const write = () => {
      while (sent < send && !answered && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once("drain", write);
      }
      if (!request.destroyed && sent >= size) request.end();
    };
    write();
  });
}

describe("body limit (decision 0035)", () => {
  it("refuses a 2 MB form post with a Content-Length with a translated 413", async () => {
    const refused = await post("/prijava", 2_000_000, { send: 64 * 1024 });
    expect(refused.status).toBe(413);
    expect(refused.body).toBe("Poslani podaci su preveliki.");
    const english = await post("/en/login", 2_000_000, { send: 64 * 1024 });
    expect(english.status).toBe(413);
    expect(english.body).toBe("The data sent is too large.");
  });

  it("answers a browser's post over the limit with a page that says how much fits and leads back", async () => {
    const accept = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const page = await post("/prijava?x=1", 2_000_000, { headers: accept });
    expect(page.status).toBe(413);
    expect(page.body).toContain("<h1>Poslani podaci su preveliki.</h1>");
    expect(page.body).toContain("Odjednom se može poslati najviše 1 MB.");
    expect(page.body).toContain('<a href="/prijava?x=1">Natrag na obrazac</a>');
    const english = await post("/en/login", 2_000_000, { headers: accept, send: 64 * 1024 });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain("At most 1 MB can be sent at once.");
    // A backoffice upload over its 64 MB: the page names that limit (declared length alone).
    const upload = await post("/admin/media", 70 * 1024 * 1024, { headers: accept, send: 64 * 1024 });
    expect(upload.status).toBe(413);
    expect(upload.body).toContain("najviše 64 MB");
  });

  it("speaks the admin's own language under /admin (cookie lng), as the admin's pages do", async () => {
    const accept = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const big = 70 * 1024 * 1024;
    const german = await post("/admin/media", big, { headers: { ...accept, Cookie: "lng=de" }, send: 64 * 1024 });
    expect(german.status).toBe(413);
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain("<h1>Die gesendeten Daten sind zu groß.</h1>");
    const english = await post("/admin/products/1", big, { headers: { ...accept, Cookie: "lng=en" }, send: 64 * 1024 });
    expect(english.body).toContain('<html lang="en">');
    // The plain answer a script gets (the upload queue shows it per file) follows the same rule.
    const plain = await post("/admin/media/library.json", big, { headers: { Cookie: "lng=en" }, send: 64 * 1024 });
    expect(plain.body).toBe("The data sent is too large.");
    // No choice made yet: Croatian, as the admin's pages; a cookie does not change a prefixed page's language.
    expect((await post("/admin/media", big, { headers: accept, send: 64 * 1024 })).body).toContain('<html lang="hr">');
    expect((await post("/en/login", 2_000_000, { headers: { ...accept, Cookie: "lng=de" }, send: 64 * 1024 })).body).toContain(
      '<html lang="en">',
    );
  });

  it("refuses a chunked body without Content-Length once it passes 1 MB", async () => {
    const refused = await post("/kosarica", 3_000_000, { chunked: true });
    expect(refused.status).toBe(413);
    expect(refused.body).toBe("Poslani podaci su preveliki.");
  });

  it("passes a body within the limit on to the action, chunked or not (the CSRF check reads it: 403, not 413)", async () => {
    expect((await post("/prijava", 900_000)).status).toBe(403);
    expect((await post("/prijava", 900_000, { chunked: true })).status).toBe(403);
  });

  it("reads a real sign-in form within the limit: a wrong password is the form's translated 401", async () => {
    const page = await fetch(`http://127.0.0.1:${port}/prijava`);
    const html = await page.text();
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
    const body = new URLSearchParams({
      intent: "login",
      csrf: field("csrf"),
      website: "",
      from__confirm: field("from__confirm"),
      username: "nobody@example.com",
      password: "wrong-password-1",
    });
    const answer = await fetch(`http://127.0.0.1:${port}/prijava`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: `http://127.0.0.1:${port}` },
      redirect: "manual",
    });
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain("Nepoznato korisničko ime ili lozinka!");
  });
});
