// The bare floor's HTTP server: Express with compression, static assets and the Remix
// handler, like the shop's server.ts without headers, rate limits or a database.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const here = import.meta.dirname;
const port = Number(process.env.PORT ?? 4511);
const build = await import(path.join(here, "build/server/index.js"));

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "build/client"), { maxAge: "1h" }));
app.get("/healthz", (_req, res) => res.type("text").send("ok"));
app.all("*", createRequestHandler({ build, mode: "production" }));

const server = app.listen(port, "127.0.0.1", () => console.log(`Bare Remix listening on http://127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
