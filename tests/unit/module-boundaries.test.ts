import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Services know nothing of HTTP (decision 0097): no function exported from app/modules takes
 * a `Request`. The request is read once where it enters (a route, the API router) into a
 * `Shopper` value (app/.server/shopper.server.ts), and that value is what services get.
 */
const ROOT = join(__dirname, "../..");
const MODULES = join(ROOT, "app/modules");

/** The API router is where API calls enter: it speaks HTTP by design, as routes do. */
const HTTP_EDGES = new Set(["app/modules/api/api-router.server.ts", "app/modules/api/api-http.server.ts"]);

/**
 * Still taking a Request: the staff gate in account (it answers with a redirect to the
 * sign-in). This list only shrinks: it must become empty, and a function that no longer
 * takes a Request must be taken off it.
 */
const NOT_YET_MOVED = new Set(["app/modules/account/user.server.ts#requireBackofficeUser"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Whether a type node names `Request` anywhere (a parameter `Request`, `{ request: Request }`, `Request | null` …). */
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

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `file#name` of every exported function of `path` with a parameter typed with `Request`. */
export function functionsTakingRequest(path: string): string[] {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const aliases = new Map<string, ts.Node>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (ts.isInterfaceDeclaration(statement)) aliases.set(statement.name.text, statement);
  }
  const takes = (fn: ts.SignatureDeclarationBase) => fn.parameters.some((p) => p.type !== undefined && mentionsRequest(p.type, aliases));
  const found: string[] = [];
  const name = relative(ROOT, path);
  for (const statement of file.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && takes(statement)) found.push(`${name}#${statement.name.text}`);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && takes(init) && ts.isIdentifier(declaration.name))
          found.push(`${name}#${declaration.name.text}`);
      }
    }
  }
  return found;
}

describe("services take a Shopper, not a Request (decision 0097)", () => {
  const offenders = sourceFiles(MODULES)
    .filter((path) => !HTTP_EDGES.has(relative(ROOT, path)))
    .flatMap(functionsTakingRequest);

  it("finds what it looks for (the scan itself is checked on app/.server, where the resolver takes the Request)", () => {
    expect(functionsTakingRequest(join(ROOT, "app/.server/shopper.server.ts"))).toEqual(
      expect.arrayContaining(["app/.server/shopper.server.ts#shopperOf", "app/.server/shopper.server.ts#requestLocale"]),
    );
  });

  it("no exported function under app/modules takes a Request, but those not moved yet", () => {
    expect(offenders.filter((found) => !NOT_YET_MOVED.has(found))).toEqual([]);
  });

  it("the not-yet-moved list only names functions that still take a Request (take a moved one off)", () => {
    expect([...NOT_YET_MOVED].filter((listed) => !offenders.includes(listed))).toEqual([]);
  });
});

describe("the API builds its shopper from the call, not from cookies (decision 0097)", () => {
  const apiFiles = sourceFiles(join(MODULES, "api")).map((path) => ({ name: relative(ROOT, path), text: readFileSync(path, "utf8") }));

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
    expect(readFileSync(join(ROOT, "app/.server/shopper.server.ts"), "utf8")).not.toMatch(/from "~\/modules\//);
  });
});
