// Load figures of one page: autocannon with N connections for a few seconds, after a warm-up.
import autocannon from "autocannon";
import { config } from "./config.mjs";

let missCounter = 0;

function run(url, seconds, headers, unique) {
  // A cache miss every time: a query parameter no page reads, new per request (it keys the rendered-page cache).
  const requests = unique
    ? [{ setupRequest: (request) => ({ ...request, path: `${request.path}${request.path.includes("?") ? "&" : "?"}bench-miss=${++missCounter}` }) }]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: config.connections, duration: seconds, headers, ...(requests ? { requests } : {}) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Requests per second, latency percentiles (of 2xx answers, autocannon's rule) and failures. */
export async function measureLoad(url, cookie, { unique = false } = {}) {
  // Like a browser that has been here before: gzip accepted, the cookies of a first visit sent.
  const headers = { "accept-encoding": "gzip", accept: "text/html", ...(cookie ? { cookie } : {}) };
  if (config.warmupSeconds > 0) await run(url, config.warmupSeconds, headers, unique);
  const result = await run(url, config.seconds, headers, unique);
  const seconds = result.duration || config.seconds;
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(" "),
  };
}
