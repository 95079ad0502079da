import path from "node:path";
import { ensureFreshBuild } from "../../scripts/build-freshness.mjs";

/** The integration suite drives the production build; rebuild it when missing or older than the sources. */
export default function setup() {
  ensureFreshBuild(path.resolve(import.meta.dirname, "../.."));
}
