import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cycles, describeGraph, importPath, moduleGraph } from "../../scripts/lib/module-graph.mjs";

/**
 * The shape of app/modules (decisions 0097, 0098, 0099):
 * - the modules import each other without a cycle, and the kernel imports none of them;
 * - no module speaks HTTP: none takes a `Request` or builds or throws a `Response`. The
 *   request is read once where it enters (a route, app/routes/http, the API router) into a
 *   `Shopper` value (app/.server/shopper.server.ts); services take values and return values
 *   or throw a DomainError, which the route answers;
 * - the headless API builds its Shopper from the call, forging no cookie.
 */
const ROOT = path.resolve(__dirname, "../..");
const MODULES = path.join(ROOT, "app/modules");
/** The API router is where API calls enter: it speaks HTTP by design, as routes do. */
const HTTP_BY_DESIGN = "app/modules/api/";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

describe("the module graph (decision 0099)", () => {
  const graph = moduleGraph(ROOT);

  it("prints the modules and the imports between them, lowest first", () => {
    const text = describeGraph(graph);
    console.info(`The modules of app/modules and what each imports (count of imports):\n${text}`);
    expect(text.split("\n")).toHaveLength(graph.size);
    expect(text.split("\n")[0]).toMatch(/→ nothing$/);
  });

  it("has no cycle: no module imports itself through another", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("the kernel (site options and ids, audit, versioned rows, list queries, CSV, cache impact) imports no module", () => {
    expect([...graph.get("kernel")!.keys()]).toEqual([]);
  });

  it("finds a cycle where there is one (the reading and the detector themselves)", () => {
    const probe = path.join(ROOT, "app/modules/kernel/options.ts");
    const withCycle = moduleGraph(
      ROOT,
      new Map([[probe, `${readFileSync(probe, "utf8")}\nimport { loadComments } from "~/modules/comments/comments.server";\n`]]),
    );
    expect(cycles(withCycle).find((group) => group.includes("kernel"))).toEqual(expect.arrayContaining(["kernel", "comments"]));
    expect(importPath(withCycle, "comments", "kernel")).toEqual(["comments", "kernel"]);
    expect(withCycle.get("kernel")!.get("comments")).toEqual(["app/modules/kernel/options.ts → ~/modules/comments/comments.server"]);
  });
});

type Finding = { kind: "response" | "request"; where: string };

/** Remix's answers: a call to one of these builds a Response (or a thrown data answer). */
const REMIX_ANSWERS = new Set(["redirect", "redirectDocument", "replace", "json", "data"]);
const REMIX_PACKAGES = /^@remix-run\/(node|react|server-runtime|cloudflare|deno)$/;

/** Whether a type names `Request` anywhere (`Request`, `{ request: Request }`, `Request | null`, through a local alias …). */
function mentionsRequest(node: ts.Node, aliases: Map<string, ts.Node>, seen = new Set<string>()): boolean {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const name = node.typeName.text;
    if (name === "Request") return true;
    const alias = aliases.get(name);
    if (alias && !seen.has(name)) {
      seen.add(name);
      if (mentionsRequest(alias, aliases, seen)) return true;
    }
  }
  return ts.forEachChild(node, (child) => mentionsRequest(child, aliases, seen) || undefined) ?? false;
}

/** What in `text` speaks HTTP: each finding names its kind and line. */
export function httpFindings(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const answers = new Set<string>();
  const aliases = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (ts.isInterfaceDeclaration(statement)) aliases.set(statement.name.text, statement);
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!REMIX_PACKAGES.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (REMIX_ANSWERS.has(imported) && !element.isTypeOnly) answers.add(element.name.text);
    }
  }
  const findings: Finding[] = [];
  const at = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Response") {
      findings.push({ kind: "response", where: `${at(node)} new Response` });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && answers.has(callee.text)) findings.push({ kind: "response", where: `${at(node)} ${callee.text}(` });
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "Response") {
        findings.push({ kind: "response", where: `${at(node)} Response.${callee.name.text}(` });
      }
    } else if (ts.isParameter(node) && node.type && mentionsRequest(node.type, aliases)) {
      findings.push({ kind: "request", where: `${at(node)} takes a Request` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe("app/modules speak no HTTP (decisions 0097, 0098)", () => {
  const scanned = sourceFiles(MODULES)
    .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
    .filter((file) => !file.startsWith(HTTP_BY_DESIGN))
    .map((file) => ({ file, findings: httpFindings(file, readFileSync(path.join(ROOT, file), "utf8")) }));

  it("finds every way a module answers HTTP (the scanner itself)", () => {
    const text = `
      import { data, json as answer, redirect, type TypedResponse } from "@remix-run/node";
      export function a(request: Request) { throw redirect("/"); }
      export function b() { return answer({}); }
      export function c() { throw data({ detail: "x" }, { status: 404 }); }
      export function d() { return new Response(null, { status: 304 }); }
      export function e() { return Response.json({}); }
      export function f(id: number): TypedResponse<never> | null { return id ? null : null; }
      type Args = { request: Request; id: number };
      export const g = ({ id }: Args) => id;
      export function h(request: Request | null) { return request; }
    `;
    expect(httpFindings("x.ts", text).map((f) => f.where)).toEqual([
      "x.ts:3 takes a Request",
      "x.ts:3 redirect(",
      "x.ts:4 answer(",
      "x.ts:5 data(",
      "x.ts:6 new Response",
      "x.ts:7 Response.json(",
      "x.ts:10 takes a Request",
      "x.ts:11 takes a Request",
    ]);
    // A local helper that happens to be called `data` is not Remix's.
    expect(httpFindings("y.ts", "const data = (x: number) => x; export const g = () => data(1);")).toEqual([]);
    // Where the request is read, the scan finds it (the resolver takes the Request).
    const shopper = readFileSync(path.join(ROOT, "app/.server/shopper.server.ts"), "utf8");
    expect(httpFindings("shopper.server.ts", shopper).filter((f) => f.kind === "request")).not.toEqual([]);
  });

  it("no module file builds or throws a Response, or takes a Request (the HTTP part lives in the route, app/routes/http)", () => {
    expect(scanned.flatMap(({ findings }) => findings.map((f) => f.where))).toEqual([]);
  });
});

describe("the API builds its shopper from the call, not from cookies (decision 0097)", () => {
  const apiFiles = sourceFiles(path.join(MODULES, "api")).map((file) => ({
    name: path.relative(ROOT, file),
    text: readFileSync(file, "utf8"),
  }));

  it("forges no Request and sends no Cookie header to the shop's services", () => {
    const forged = apiFiles.filter(({ text }) => /new Request\(|\bCookie\s*:|["']Cookie["']\s*[:,]\s*[^)]/.test(text)).map((f) => f.name);
    expect(forged).toEqual([]);
  });

  it("parses no Set-Cookie and serialises no cookie", () => {
    const parsed = apiFiles
      .filter(({ text }) => /getSetCookie|Set-Cookie|serializeCookie|\.serialize\(|cookiesSet/.test(text))
      .map((f) => f.name);
    expect(parsed).toEqual([]);
  });

  it("hands the services a Shopper made by apiShopper (the bearer token's session, the posted cart)", () => {
    const router = apiFiles.find((f) => f.name === "app/modules/api/api-router.server.ts")!.text;
    expect(router).toMatch(/apiShopper\(\{ locale: parts\.locale, sessionId \}\)/);
    expect(readFileSync(path.join(ROOT, "app/.server/shopper.server.ts"), "utf8")).not.toMatch(/from "~\/modules\//);
  });
});
