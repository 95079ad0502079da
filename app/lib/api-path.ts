/**
 * The headless API's part of the site (routes/api/api.ts, decision 0057): every path under it
 * is answered in the API's JSON envelope, refusals of the HTTP layer included (decision 0084).
 */
export const API_PATH_PREFIX = "/api";

export const isApiPath = (path: string) => path === API_PATH_PREFIX || path.startsWith(`${API_PATH_PREFIX}/`);
