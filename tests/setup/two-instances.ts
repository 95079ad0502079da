import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Visitor } from "./client";
import type { Shop } from "./shop";

/**
 * Two production server processes (build/server.js, as `npm start` runs it) behind one
 * port, for the test that several instances share one PostgreSQL and one Redis (decision
 * 0068, tests/integration/two-instances.test.ts).
 */
const root = path.resolve(import.meta.dirname, "../..");

export type InstanceName = "a" | "b";
export type Instance = { name: InstanceName; child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** Starts build/server.js with `env` on a free port; resolves once it says where it listens. */
export async function startInstance(name: InstanceName, env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: { ...env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} did not start:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited with ${code}:\n${output}`));
    });
  });
  return { name, child, port, output: () => output, exited };
}

export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  instance.child.kill("SIGTERM");
  await instance.exited;
}

export type Proxy = {
  origin: string;
  port: number;
  served: InstanceName[];
  route: (ports: Record<InstanceName, number>) => void;
  close: () => Promise<void>;
};

/**
 * The one port in front of both instances, as a load balancer without sticky sessions: each
 * request goes to the next instance in turn, unless it names one in X-Test-Instance (the
 * test pins a step to an instance that way). The answer says who served it in the same
 * header. Listens before the instances start: their PUBLIC_URL is its origin.
 */
export async function startProxy(): Promise<Proxy> {
  let ports: Record<InstanceName, number> | null = null;
  let turn = 0;
  const served: InstanceName[] = [];
  const server = http.createServer((req, res) => {
    const asked = req.headers["x-test-instance"];
    const name: InstanceName = asked === "a" || asked === "b" ? asked : turn++ % 2 === 0 ? "a" : "b";
    if (!ports) return void res.writeHead(503).end();
    served.push(name);
    const upstream = http.request(
      { host: "127.0.0.1", port: ports[name], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, [...answer.rawHeaders, "X-Test-Instance", name]);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => res.writeHead(502).end(String(error)));
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    served,
    route: (next) => void (ports = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser behind the proxy (tests/setup/client.ts's cookie jar, CSRF and honeypot) with
 * its own client address (the instances trust the proxy's X-Forwarded-For, as behind a
 * real load balancer), so each part of the test has its own rate-limit budget. `on` pins
 * its next requests to one instance; `on(null)` lets the proxy take turns again.
 */
export class ProxiedVisitor extends Visitor {
  private readonly pin: { instance: InstanceName | null };
  constructor(origin: string, address: string) {
    const pin: { instance: InstanceName | null } = { instance: null };
    const handle = (request: Request) => {
      request.headers.set("X-Forwarded-For", address);
      if (pin.instance) request.headers.set("X-Test-Instance", pin.instance);
      return fetch(request);
    };
    super({ handle } as unknown as Shop, origin);
    this.pin = pin;
  }

  on(instance: InstanceName | null): this {
    this.pin.instance = instance;
    return this;
  }

  /** Posts a form read from a page served by one instance to the other one. */
  async postAcross(
    path: string,
    fields: Record<string, string | string[]>,
    { tokensOn, postOn, tokenFrom = path }: { tokensOn: InstanceName; postOn: InstanceName; tokenFrom?: string },
  ) {
    const tokens = await this.on(tokensOn).formTokens(tokenFrom);
    const body = new URLSearchParams({ csrf: tokens.csrf, website: tokens.website, from__confirm: tokens.from__confirm });
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    return this.on(postOn).request(path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin },
    });
  }
}

/** Which instance served a response (the proxy's header). */
export const servedBy = (response: Response) => response.headers.get("X-Test-Instance");
