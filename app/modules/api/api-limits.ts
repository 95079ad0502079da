/**
 * Longest query string and whole URL of an API call (decision 0084): every documented query
 * fits in far less. Node refuses more than 16 KiB of request line and headers before the
 * router sees it; that refusal is answered in JSON all the same (api-http.server.ts).
 */
export const API_QUERY_LIMIT = 4_096;
export const API_URL_LIMIT = 8_192;
