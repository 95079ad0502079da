import compression from "compression";

/**
 * Responses from this size on are gzipped. The middleware's default (1 KiB) left the
 * client entry script (about 1 KiB, 0.4 KiB smaller gzipped) and the tiny route chunks
 * uncompressed on every first visit; below about 128 bytes gzip's own header outweighs
 * the saving. The first-load budget test counts bytes by the same rule.
 */
export const COMPRESS_FROM_BYTES = 128;

export const compressResponses = () => compression({ threshold: COMPRESS_FROM_BYTES });
