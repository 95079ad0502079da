import type { Executor } from "../client.server";
import { seedCatalog } from "./catalog/index.server";

/** Demo catalogue and content (SEED_DEMO, on by default). */
export async function seedDemo(tx: Executor) {
  await seedCatalog(tx);
}
