import type { Executor } from "../client.server";

/** Demo catalogue and content; filled in by the catalogue seed. */
export async function seedDemo(_tx: Executor) {}
