import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { staffRecoveryCodes, staffTwoFactor, users } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { open, seal } from "~/.server/auth/secret-box.server";
import { base32Encode, generateTotpSecret, matchTotp, otpauthUri } from "~/.server/auth/totp.server";
import { recordAudit } from "~/modules/kernel/audit.server";

/**
 * A backoffice user's second factor (decision 0086, OWASP ASVS 4 §2.7-2.8): a TOTP secret,
 * sealed at rest and shown only while the enrolment waits for its first code, and ten
 * single-use recovery codes kept as hashes. Every accepted TOTP code moves the user's last
 * used step on, so no code (nor an older one) is accepted twice.
 */
export const RECOVERY_CODE_COUNT = 10;
const PURPOSE = "staff-totp";
const ISSUER = "Alu Krov";

export type TwoFactorState = { enabled: boolean; pending: boolean; recoveryLeft: number };

const wrongCode = () =>
  new DomainError("wrongTwoFactorCode", { message: "Wrong code", key: "admin.twoFactor.wrongCode", status: 401, field: "code" });

export async function twoFactorState(userId: number): Promise<TwoFactorState> {
  const db = await getDb();
  const [row] = await db.select({ enabledAt: staffTwoFactor.enabledAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  const [left] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return { enabled: Boolean(row?.enabledAt), pending: Boolean(row && !row.enabledAt), recoveryLeft: row?.enabledAt ? left.n : 0 };
}

/** Starts (or keeps) an enrolment waiting for its first code; nothing changes once the factor is on. */
export async function startEnrolment(userId: number): Promise<void> {
  const db = await getDb();
  await db
    .insert(staffTwoFactor)
    .values({ userId, secret: seal(generateTotpSecret(), PURPOSE) })
    .onConflictDoNothing({ target: staffTwoFactor.userId });
}

/** What the enrolment shows (the secret as text and as otpauth:// address); null once enrolled or never started. */
export async function pendingEnrolment(userId: number): Promise<{ secret: string; uri: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ secret: staffTwoFactor.secret, enabledAt: staffTwoFactor.enabledAt, email: users.email })
    .from(staffTwoFactor)
    .innerJoin(users, eq(users.id, staffTwoFactor.userId))
    .where(eq(staffTwoFactor.userId, userId));
  const secret = row && !row.enabledAt ? open(row.secret, PURPOSE) : null;
  return secret ? { secret, uri: otpauthUri(secret, row!.email, ISSUER) } : null;
}

/**
 * Accepts a TOTP code against the stored secret and moves the last used step on in the
 * same statement (two posts of one code at once: only one moves it). Returns whether it did.
 */
async function acceptTotp(executor: Executor, userId: number, code: string, { pending = false } = {}): Promise<boolean> {
  const [row] = await executor.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const secret = open(row.secret, PURPOSE);
  const step = secret ? matchTotp(secret, code, Date.now(), row.lastUsedStep) : null;
  if (step === null || !secret) return false;
  const moved = await executor
    .update(staffTwoFactor)
    // Sealed again with today's first session secret (a rotation moves every active secret on).
    .set({ lastUsedStep: step, secret: seal(secret, PURPOSE), ...(pending ? { enabledAt: new Date() } : {}) })
    .where(and(eq(staffTwoFactor.userId, userId), or(isNull(staffTwoFactor.lastUsedStep), lt(staffTwoFactor.lastUsedStep, step))))
    .returning({ userId: staffTwoFactor.userId });
  return moved.length > 0;
}

/** Ends a pending enrolment with its first code: the factor is on from now. Throws 401 on a wrong code. */
export async function confirmEnrolment(actor: { id: number; email: string }, code: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!(await acceptTotp(tx, actor.id, code, { pending: true }))) throw wrongCode();
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "twoFactorOn" });
  });
}

const normalise = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, "");
const hashCode = (userId: number, code: string) =>
  createHash("sha256")
    .update(`${userId}|${normalise(code)}`)
    .digest("hex");

/** A recovery code: 80 random bits in four groups, e.g. "k3vq-7xnd-p2aa-m4rt". */
function recoveryCode(): string {
  return (base32Encode(randomBytes(10)).toLowerCase().match(/.{4}/g) ?? []).join("-");
}

/** A fresh set of recovery codes, the old ones void; the codes are returned once, only hashes are kept. */
export async function regenerateRecoveryCodes(actor: { id: number; email: string }): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ enabledAt: staffTwoFactor.enabledAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, actor.id));
    if (!row?.enabledAt)
      throw new DomainError("twoFactorOff", { message: "Two-factor is off", key: "admin.twoFactor.notEnabled", status: 409 });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, actor.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId: actor.id, codeHash: hashCode(actor.id, code) })));
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "recoveryCodes" });
  });
  return codes;
}

/**
 * The sign-in's second step: a current TOTP code, or an unused recovery code (used up in
 * the same statement that accepts it). Throws 401 otherwise, which the sign-in lock counts.
 */
export async function verifySecondFactor(userId: number, code: string): Promise<"totp" | "recovery"> {
  const db = await getDb();
  if (/^\s*\d{6}\s*$/.test(code)) {
    if (await acceptTotp(db, userId, code)) return "totp";
    throw wrongCode();
  }
  if (normalise(code).length !== 16) throw wrongCode();
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, hashCode(userId, code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  if (used.length === 0) throw wrongCode();
  return "recovery";
}

/** Turns the factor off (the route has checked the password): the secret and the codes go. */
export async function disableTwoFactor(actor: { id: number; email: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, actor.id));
    const gone = await tx
      .delete(staffTwoFactor)
      .where(eq(staffTwoFactor.userId, actor.id))
      .returning({ enabledAt: staffTwoFactor.enabledAt });
    if (gone[0]?.enabledAt) await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "twoFactorOff" });
  });
}

/** Drops an enrolment that never got its first code (a factor that is on stays). */
export async function cancelEnrolment(userId: number): Promise<void> {
  const db = await getDb();
  await db.delete(staffTwoFactor).where(and(eq(staffTwoFactor.userId, userId), isNull(staffTwoFactor.enabledAt)));
}
