import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP minimum: m=19456 KiB, t=2, p=1 (DESIGN.md). Algorithm 2 = Argon2id.
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}
