import { z } from "zod/v4";
import { loginSchema } from "~/modules/account/account.schema";

/** Shapes several endpoints answer with (spec §7), documented once. */
export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe("Seconds the access token lives"),
  tokenType: z.literal("Bearer"),
});

export const apiUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isBackofficeUser: z.boolean(),
  scope: z.array(z.string()),
  memberCardBarcode: z.string().nullable(),
  // The customer group whose prices the customer sees and pays (decision 0107); null for none.
  customerGroupId: z.number().int().nullable(),
});

/** The cart session of spec §4 ("cookies cartId and protectCode"), carried in the body by API clients. */
export const cartSessionSchema = z.object({
  cartId: z.number().int().positive().max(999_999_999).describe("The cart session's id (getNewCartSession, addItem)"),
  protectCode: z.string().min(1).max(100).describe("The cart session's secret, sent with cartId on every cart call"),
});

/**
 * A body that may carry a cart session carries both of its parts or neither: a cartId
 * alone would be dropped unseen, and the call would begin a new cart instead of using it.
 */
export const SESSION_TOGETHER = "Send cartId and protectCode together";
export function wholeSessionOrNone<T extends z.ZodType>(schema: T): T {
  const sent = (body: unknown) => body as { cartId?: unknown; protectCode?: unknown };
  return schema
    .refine((body) => (sent(body).cartId === undefined) === (sent(body).protectCode === undefined), {
      message: SESSION_TOGETHER,
      path: ["protectCode"],
    })
    .meta({ dependentRequired: { cartId: ["protectCode"], protectCode: ["cartId"] } });
}

/** Login (spec §5): username required and an e-mail; password required, min 8 (the login form's own rules). */
export const credentialsSchema = loginSchema.pick({ username: true, password: true }).extend({
  apiKey: z.string().max(100).optional().describe("The API key, when it is not sent in X-Api-Key (spec §7's login body)"),
});

/** The largest id a path or body may name (PostgreSQL's integer). */
export const ID_MAX = 2_147_483_647;
