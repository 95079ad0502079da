import net from "node:net";

/**
 * A TCP proxy between a server process and PostgreSQL, so a test can take the database away
 * from that process alone (the machine's PostgreSQL serves others and is never stopped):
 * `cut("refuse")` closes every connection and refuses new ones, as a stopped server does;
 * `cut("silent")` closes every connection and then takes new ones without ever answering, as
 * an unreachable host does; `restore()` forwards again. `slow(ms)` holds each chunk the
 * database sends for that long, which makes every query slow (the graceful stop test).
 */
export type DatabaseProxy = {
  port: number;
  /** DATABASE_URL through the proxy for the database of `databaseUrl`. */
  urlFor: (databaseUrl: string, applicationName: string) => string;
  cut: (how: "refuse" | "silent") => Promise<void>;
  restore: () => Promise<void>;
  /** Connections the proxy has taken in all. */
  accepted: () => number;
  slow: (delayMs: number) => void;
  close: () => Promise<void>;
};

export async function startDatabaseProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  let mode: "forward" | "refuse" | "silent" = "forward";
  let accepted = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    accepted++;
    track(client);
    if (mode === "silent") return; // taken, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
    client.pipe(upstream);
    // In order, each chunk at the earliest `delayMs` after it came.
    let last = 0;
    upstream.on("data", (chunk: Buffer) => {
      if (!delayMs) return void client.write(chunk);
      last = Math.max(last, Date.now() + delayMs);
      setTimeout(() => client.writable && client.write(chunk), last - Date.now());
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => sockets.forEach((socket) => socket.destroy());
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(databaseUrl, applicationName) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      url.searchParams.set("application_name", applicationName);
      return url.toString();
    },
    async cut(how) {
      mode = how;
      if (how === "refuse") {
        const closed = stopListening();
        dropAll();
        await closed;
      } else {
        dropAll();
        if (!server.listening) await listen(port);
      }
    },
    async restore() {
      mode = "forward";
      dropAll(); // connections taken while silent
      if (!server.listening) await listen(port);
    },
    accepted: () => accepted,
    slow: (ms) => void (delayMs = ms),
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
