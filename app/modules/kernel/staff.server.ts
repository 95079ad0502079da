import type { CurrentUser } from "~/.server/shopper.server";

/**
 * The backoffice user a screen acts for; the audit log names them. Routes resolve it with
 * requireStaff (app/routes/http/staff.server.ts) and hand it to the services.
 */
export type Staff = CurrentUser;
