import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The headless API behind the real production server (build/server.js), so that the express
 * layers in front of the router (the forms' rate limit, the body limit, Node's own parser)
 * run: an API call is never cut off by the forms' budget and never gets anything but the
 * API's JSON envelope (decision 0084).
 */
const root = path.resolve(import.meta.dirname, "../..");
const PUBLIC_URL = "http://localhost:3000";
let server: ChildProcess;
let port: number;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-api-boundary-"));
  server = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      SESSION_SECRET: "api-boundary-test-secret-0123456789",
      PUBLIC_URL,
      PORT: "0",
      DATA_DIR: dataDir,
      // The shop's defaults: 120 form posts a minute per address.
      RATE_LIMIT_POINTS: "120",
      RATE_LIMIT_AUTH_POINTS: "20",
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
}, 180_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGTERM");
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request (fetch would refuse or rewrite some of these). */
function request(method: string, target: string, { headers = {} as Record<string, string>, body = "" } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: target, headers: { Origin: PUBLIC_URL, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

function expectEnvelope(answer: Answer, status: number) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toMatchObject({ errored: true, statusCode: status, message: expect.any(String) });
}

let storefrontKey: string;
async function key() {
  if (storefrontKey) return storefrontKey;
  const answer = await request("POST", "/api/v1/settings/domainDetect", { headers: { "Content-Type": "application/json" }, body: "{}" });
  expect(answer.status, answer.body).toBe(200);
  storefrontKey = (JSON.parse(answer.body) as { data: { data: { apiKeyToken: string } } }).data.data.apiKeyToken;
  return storefrontKey;
}

const json = async (body: unknown) => ({
  headers: { "Content-Type": "application/json", "X-Api-Key": await key() },
  body: JSON.stringify(body),
});

describe("the API's calls and the forms' budget", () => {
  it("an API client's POST reads (more than the forms' 120 a minute) are not cut off", async () => {
    const call = await json({ handlers: ["footer"] });
    for (let i = 0; i < 130; i++) {
      const answer = await request("POST", "/api/v1/cms/element/getByHandlers", call);
      expect(answer.status, `call ${i}: ${answer.body.slice(0, 100)}`).toBe(200);
    }
  });
});

describe("whatever refuses an API call answers in the API's JSON envelope", () => {
  it("a malformed percent-escape in the path or the query", async () => {
    const { headers } = await json({});
    expectEnvelope(await request("GET", "/api/v1/cms/term/get/%zz", { headers }), 400);
    expectEnvelope(await request("GET", "/api/v1/cms/term/filter?type=%E0%A4%A", { headers }), 400);
    expectEnvelope(await request("GET", "/api/v1/cms/term/filter?type=%zz", { headers }), 400);
    expectEnvelope(await request("POST", "/api/v1/cms/element/getByHandlers?%", { headers, body: '{"handlers":["footer"]}' }), 400);
    // A well-formed escape is no refusal.
    expect((await request("GET", "/api/v1/cms/term/filter?type=%63ategory", { headers })).status).toBe(200);
  });

  it("an over-long query, an over-long URL (Node's own limit), over-long headers", async () => {
    const { headers } = await json({});
    expectEnvelope(await request("GET", `/api/v1/cms/term/filter?type=${"a".repeat(6_000)}`, { headers }), 414);
    expectEnvelope(await request("GET", `/api/v1/cms/term/filter?type=${"a".repeat(20_000)}`, { headers }), 414);
    expectEnvelope(await request("GET", "/api/v1/cms/term/filter", { headers: { ...headers, "X-Filler": "a".repeat(20_000) } }), 431);
    // The shop's pages keep Node's plain answer.
    expect((await request("GET", `/?q=${"a".repeat(20_000)}`)).status).toBe(431);
  });

  it("a body over the HTTP layer's limit, a body that is not JSON, an unknown operation", async () => {
    const { headers } = await json({});
    expectEnvelope(await request("POST", "/api/v1/cms/element/getByHandlers", { headers, body: "a".repeat(1_100_000) }), 413);
    const form = { ...headers, "Content-Type": "application/x-www-form-urlencoded" };
    expectEnvelope(await request("POST", "/api/v1/cms/element/getByHandlers", { headers: form, body: "handlers=footer" }), 415);
    expectEnvelope(await request("GET", "/api/v1/no/such/operation", { headers }), 404);
    expectEnvelope(await request("POST", "/api/v9/cart", { headers, body: "{}" }), 404);
  });
});
