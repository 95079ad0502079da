// An ESLint rule: a module under app/modules may import another module only if that one
// does not already import it back, directly or through others (decision 0099). The graph is
// read once per lint run from the files on disk (scripts/lib/module-graph.mjs), so the
// message names the way back that the new import would close into a cycle.
import path from "node:path";
import { importPath, moduleGraph, moduleOf, resolveSpecifier } from "./module-graph.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
let graph = null;

const noModuleCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import cycle between the modules of app/modules (decision 0099)." },
    schema: [],
    messages: {
      cycle:
        "modules/{{from}} must not import modules/{{to}}: {{to}} already reaches {{from}} ({{way}}), so this would close a cycle. Move what both need into the lower module (or the kernel), or put the two together in a route (decision 0099).",
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(ROOT, file);
    if (!from) return {};
    graph ??= moduleGraph(ROOT);
    const check = (node, specifier) => {
      if (typeof specifier !== "string") return;
      const target = resolveSpecifier(ROOT, file, specifier);
      const to = target && moduleOf(ROOT, target);
      if (!to || to === from) return;
      const back = importPath(graph, to, from);
      if (back) context.report({ node, messageId: "cycle", data: { from, to, way: back.join(" → ") } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "no-module-cycle": noModuleCycle } };
