// Load figures of one page: autocannon with N connections for a few seconds, after a warm-up.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { config } from "./config.mjs";

/**
 * CPU time (user + system, ms) a process has used, from /proc (Linux; null elsewhere). Per
 * request it shows the cost of a page even on a machine too busy for req/s to mean much.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

let missCounter = 0;

function run(url, seconds, headers, unique, post, connections) {
  // A cache miss every time: a query parameter no page reads, new per request (it keys the rendered-page cache).
  const requests = unique
    ? [
        {
          setupRequest: (request) => ({
            ...request,
            path: `${request.path}${request.path.includes("?") ? "&" : "?"}bench-miss=${++missCounter}`,
          }),
        },
      ]
    : undefined;
  // A form post (the cart add rows): its own path, method, headers and body.
  const target = post
    ? { url: new URL(post.path, url).href, method: post.method, headers: post.headers, body: post.body }
    : { url, headers };
  return new Promise((resolve, reject) => {
    autocannon({ ...target, connections, duration: seconds, ...(requests ? { requests } : {}) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Requests per second, latency percentiles (of every answer, redirects included) and failures. */
export async function measureLoad(url, cookie, { unique = false, pid, post, warmup = true, connections = config.connections } = {}) {
  // Like a browser that has been here before: gzip accepted, the cookies of a first visit sent.
  const headers = { "accept-encoding": "gzip", accept: "text/html", ...(cookie ? { cookie } : {}) };
  if (warmup && config.warmupSeconds > 0) await run(url, config.warmupSeconds, headers, unique, post, connections);
  const cpuBefore = pid ? cpuMs(pid) : null;
  const result = await run(url, config.seconds, headers, unique, post, connections);
  const cpuAfter = pid ? cpuMs(pid) : null;
  const seconds = result.duration || config.seconds;
  return {
    connections,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total ? (cpuAfter - cpuBefore) / result.requests.total : null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(" "),
  };
}
