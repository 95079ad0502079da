import { readdirSync } from "node:fs";
import express, { type RequestHandler } from "express";

/**
 * express.static for the files of the client build, asked only about paths under one of its
 * top-level entries (favicon.svg, brand/, …). Mounted before the shop, plain express.static
 * stats the disk for every page request to find no file there: about 2 % of a fresh render's
 * time in the CPU profile (decision 0070). The entries are read once at start: the build
 * does not change under a running server.
 */
export function clientFiles(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const entries = new Set(readdirSync(dir));
  const files = express.static(dir, options);
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    if (!entries.has(safeDecode(first))) return next();
    return files(req, res, next);
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
