import { drawShape, type Drawing } from "./svg-shapes";

export const SVG_WIDTH = 800;
export const SVG_HEIGHT = 600;
const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Breaks a name into at most two lines of about `width` characters, ending in … when cut. */
export function wrapName(name: string, width = 34): string[] {
  const lines: string[] = [];
  let line = "";
  // Spaces inside parentheses do not break, so "(3 m)" stays on one line.
  for (const word of name.split(/\s+(?![^(]*\))/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const second = lines.slice(1).join(" ");
  return [lines[0], second.length > width ? second.slice(0, width - 1).trimEnd() + "…" : second];
}

/** The placeholder original of a product: its drawing, name and sku on a light background. */
export function productSvg({ name, sku, drawing, colour }: { name: string; sku: string; drawing: Drawing; colour: string }): string {
  const lines = wrapName(name);
  const firstY = lines.length === 1 ? 490 : 472;
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${firstY + i * 38}" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#1f2933">${escapeXml(line)}</text>`,
    )
    .join("\n  ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${SVG_HEIGHT}" viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}">
  <title>${escapeXml(name)}</title>
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f9fb"/><stop offset="1" stop-color="#dfe5ec"/></linearGradient></defs>
  <rect width="${SVG_WIDTH}" height="${SVG_HEIGHT}" fill="url(#bg)"/>
  <ellipse cx="400" cy="425" rx="290" ry="18" fill="#0f172a" opacity="0.08"/>
  ${drawShape(drawing, colour)}
  ${text}
  <text x="400" y="566" text-anchor="middle" font-family="${FONT}" font-size="18" fill="#64748b">${escapeXml(sku)}</text>
  <text x="28" y="42" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="2" fill="#0b5fa5">ALU KROV</text>
</svg>
`;
}
