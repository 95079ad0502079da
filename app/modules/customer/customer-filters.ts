/** The customer list's filter values (the list's selects and its query schema share them). */
export const CUSTOMER_KINDS = ["registered", "guest"] as const;
export const YES_NO = ["yes", "no"] as const;
