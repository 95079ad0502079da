import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Services know nothing of HTTP (decision 0098): no file under app/modules builds or throws
 * a Response (`new Response`, `Response.json`, Remix's `redirect`/`json`/`data`), and none
 * takes a `Request`. Routes (app/routes, app/routes/http) read the request and answer; the
 * headless API router (app/modules/api) speaks HTTP by design.
 *
 * The allow-lists name the files that still do. They only shrink: a listed file that no
 * longer speaks HTTP fails too, so its entry is deleted with the change that frees it.
 */
const ROOT = path.resolve(__dirname, "../..");
const MODULES = path.join(ROOT, "app/modules");
const HTTP_BY_DESIGN = "app/modules/api/";

/** Files that still build or throw a Response. */
const RESPONSE_ALLOWED = new Set([
  "app/modules/account/account-route.server.ts",
  "app/modules/account/user.server.ts",
  "app/modules/payment/test-provider/test-provider.server.ts",
]);

/** Files with a function that still takes a Request. */
const REQUEST_ALLOWED = new Set(["app/modules/account/user.server.ts"]);

/** Remix's answers: a call to one of these builds a Response (or a thrown data answer). */
const REMIX_ANSWERS = new Set(["redirect", "redirectDocument", "replace", "json", "data"]);
const REMIX_PACKAGES = /^@remix-run\/(node|react|server-runtime|cloudflare|deno)$/;

type Finding = { kind: "response" | "request"; where: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What in `text` speaks HTTP: each finding names its kind and line. */
export function httpFindings(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const answers = new Set<string>();
  for (const statement of source.statements) {
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
    } else if (ts.isParameter(node) && node.type && ts.isTypeReferenceNode(node.type)) {
      if (ts.isIdentifier(node.type.typeName) && node.type.typeName.text === "Request") {
        findings.push({ kind: "request", where: `${at(node)} takes a Request` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const scanned = sourceFiles(MODULES)
  .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
  .filter((file) => !file.startsWith(HTTP_BY_DESIGN))
  .map((file) => ({ file, findings: httpFindings(file, readFileSync(path.join(ROOT, file), "utf8")) }));

function speaking(kind: Finding["kind"]) {
  return new Map(
    scanned.map(({ file, findings }) => [file, findings.filter((f) => f.kind === kind)] as const).filter(([, f]) => f.length > 0),
  );
}

describe("app/modules speak no HTTP", () => {
  it("finds every way a module answers HTTP (the scanner itself)", () => {
    const text = `
      import { data, json as answer, redirect, type TypedResponse } from "@remix-run/node";
      export function a(request: Request) { throw redirect("/"); }
      export function b() { return answer({}); }
      export function c() { throw data({ detail: "x" }, { status: 404 }); }
      export function d() { return new Response(null, { status: 304 }); }
      export function e() { return Response.json({}); }
      export function f(id: number): TypedResponse<never> | null { return id ? null : null; }
    `;
    expect(httpFindings("x.ts", text).map((f) => f.where)).toEqual([
      "x.ts:3 takes a Request",
      "x.ts:3 redirect(",
      "x.ts:4 answer(",
      "x.ts:5 data(",
      "x.ts:6 new Response",
      "x.ts:7 Response.json(",
    ]);
    // A local helper that happens to be called `data` is not Remix's.
    expect(httpFindings("y.ts", "const data = (x: number) => x; export const g = () => data(1);")).toEqual([]);
  });

  it.each([
    ["builds or throws a Response", "response", RESPONSE_ALLOWED],
    ["takes a Request", "request", REQUEST_ALLOWED],
  ] as const)("no module file outside the allow-list %s, and every listed one still does", (_what, kind, allowed) => {
    const found = speaking(kind);
    const unlisted = [...found].filter(([file]) => !allowed.has(file)).flatMap(([, findings]) => findings.map((f) => f.where));
    expect(unlisted, "move the HTTP part to the route (app/routes/http, decision 0098)").toEqual([]);
    const freed = [...allowed].filter((file) => !found.has(file));
    expect(freed, "this file speaks no HTTP any more: delete its allow-list entry").toEqual([]);
  });
});
