// An import resolver for eslint-plugin-boundaries: "~/x" is app/x (tsconfig paths, the
// vite-tsconfig-paths alias); everything else goes to the node resolver. Without it the
// plugin could not tell which layer a "~/..." import reaches.
/* eslint-disable @typescript-eslint/no-require-imports */
const path = require("node:path");
const node = require("eslint-import-resolver-node");

const app = path.resolve(__dirname, "..", "app");
const extensions = [".ts", ".tsx", ".js", ".mjs", ".json"];

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  const target = source.startsWith("~/") ? path.join(app, source.slice(2)) : source;
  return node.resolve(target, file, { extensions, ...config });
};
