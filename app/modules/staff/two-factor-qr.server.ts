import bwipjs from "bwip-js/node";

/**
 * The enrolment's QR code as SVG markup, drawn by bwip-js (already the bank slip's barcode
 * library, so no new dependency; decision 0086). Only paths of our own making: safe to inline.
 */
export function qrSvg(text: string): string | null {
  try {
    return bwipjs.toSVG({ bcid: "qrcode", text, scale: 4, eclevel: "M" } as Parameters<typeof bwipjs.toSVG>[0]);
  } catch {
    return null;
  }
}
