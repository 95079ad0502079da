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
  cartId: z.number().int().positive().max(999_999_999),
  protectCode: z.string().min(1).max(100),
});

/** Login (spec §5): username required and an e-mail; password required, min 8 (the login form's own rules). */
export const credentialsSchema = loginSchema.pick({ username: true, password: true }).extend({
  apiKey: z.string().max(100).optional(),
});

/** The largest id a path or body may name (PostgreSQL's integer). */
export const ID_MAX = 2_147_483_647;
