/**
 * A readable page of the OpenAPI document (/api/docs.html): every call by service with
 * its method, path, who may call it, its input and its answer. Rendered from the document
 * itself, plain HTML without script, so what it shows is what the document says.
 */
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  "x-auth": string;
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const AUTH: Record<string, string> = {
  none: "no key",
  public: "API key",
  customer: "API key + bearer token",
  backoffice: "API key + backoffice bearer token",
};

export function openApiPage(
  document: { info: { title: string; version: string; description: string }; paths: Record<string, Record<string, Operation>> },
  nonce: string,
): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).filter((p) => p.in !== "header").map((p) => `${p.name}${p.required ? "" : "?"} (${p.in})`);
      const body = op.requestBody?.content["application/json"]?.schema;
      const ok = op.responses["200"]?.content?.["application/json"]?.schema;
      const failures = Object.entries(op.responses)
        .filter(([status]) => status !== "200")
        .map(([status, r]) => `${status}: ${r.description}`);
      const row = `<section id="${escape(op.operationId)}"><h3><code class="m ${method}">${method.toUpperCase()}</code> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)}${op.description ? `<br>${escape(op.description)}` : ""}</p>
<p class="meta">${escape(op.operationId)} · ${escape(AUTH[op["x-auth"]] ?? op["x-auth"])}${params.length ? ` · ${escape(params.join(", "))}` : ""}</p>
${body ? `<details><summary>Body</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ""}
${ok ? `<details><summary>data</summary><pre>${escape(JSON.stringify(ok, null, 2))}</pre></details>` : ""}
<details><summary>Failures</summary><ul>${failures.map((f) => `<li>${escape(f)}</li>`).join("")}</ul></details></section>`;
      const tag = op.tags[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(document.info.title)} ${escape(document.info.version)}</title>
<style nonce="${escape(nonce)}">body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}code{font:13px ui-monospace,monospace}pre{background:#f4f4f5;padding:.5rem;overflow:auto;font-size:12px}section{border-top:1px solid #ddd;padding:.25rem 0}.meta{color:#555;font-size:13px}.m{font-weight:700;padding:0 .3rem;border-radius:3px;background:#e4e4e7}.get{background:#dbeafe}.post{background:#dcfce7}.put,.patch{background:#fef9c3}.delete{background:#fee2e2}nav a{margin-right:.75rem}</style></head>
<body><header><h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1><p>${escape(document.info.description)}</p>
<p><a href="/api/docs">OpenAPI 3.1 document (JSON)</a></p><nav aria-label="Services">${tags.map((t) => `<a href="#tag-${escape(t)}">${escape(t)}</a>`).join("")}</nav></header>
<main>${tags.map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>${byTag.get(t)!.join("\n")}`).join("\n")}</main></body></html>`;
}
