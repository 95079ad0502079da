// `postinstall`: applies patches/ (patch-package) to node_modules. docs/decisions/0064.
// A file a patch changes is first given an inode of its own: node_modules trees here may be
// hard-linked to other checkouts' (git worktrees, a copied cache), and patching in place
// would change theirs too.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const patches = path.join(root, "patches");

for (const name of existsSync(patches) ? readdirSync(patches).filter((f) => f.endsWith(".patch")) : []) {
  for (const [, file] of readFileSync(path.join(patches, name), "utf8").matchAll(/^diff --git a\/(\S+) b\//gm)) {
    const target = path.join(root, file);
    if (!existsSync(target) || statSync(target).nlink < 2) continue;
    const copy = `${target}.unlinked`;
    writeFileSync(copy, readFileSync(target), { mode: statSync(target).mode });
    renameSync(copy, target);
  }
}
execFileSync(process.execPath, [path.join(root, "node_modules/patch-package/index.js"), "--error-on-fail"], {
  cwd: root,
  stdio: "inherit",
});
