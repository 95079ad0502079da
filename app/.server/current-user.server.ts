import { users } from "./db/schema";

/** What pages may know about the signed-in user; never the password hash. */
export type CurrentUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isBackofficeUser: boolean;
  scope: string[];
  memberCardBarcode: string | null;
  /** The customer group whose prices they pay (decision 0107), or null. */
  customerGroupId: number | null;
};

/** The columns of a CurrentUser, for every query that reads one (with the session or alone). */
export const currentUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isBackofficeUser: users.isBackofficeUser,
  scope: users.scope,
  memberCardBarcode: users.memberCardBarcode,
  customerGroupId: users.customerGroupId,
};
