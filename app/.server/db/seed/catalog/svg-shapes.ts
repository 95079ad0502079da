/**
 * Placeholder product drawings: simple flat shapes on an 800 × 600 canvas, drawn in the
 * product's colour, so the demo shop looks like a roof-systems shop without any download.
 * Each drawing occupies roughly x 100–700, y 70–410; the frame adds the name below.
 */
export const DRAWINGS = [
  "panel",
  "trapez",
  "gutter",
  "downpipe",
  "flashing",
  "screw",
  "window",
  "dome",
  "tool",
  "document",
  "service",
  "bundle",
  "snowguard",
  "roll",
] as const;
export type Drawing = (typeof DRAWINGS)[number];

type Point = [number, number];

/** Unpainted products (no colour or material colour) are drawn in plain aluminium grey. */
export const DEFAULT_COLOUR = "#8A939B";

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const mix = (c: number) => Math.round(c + (target - c) * Math.abs(amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

const pts = (points: Point[]) => points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
const poly = (points: Point[], fill: string, stroke: string, extra = "") =>
  `<polygon points="${pts(points)}" fill="${fill}" stroke="${stroke}" stroke-width="2" stroke-linejoin="round"${extra}/>`;

/** A sheet profile pushed back along (dx, dy): one face per profile segment, left to right. */
function extrude(profile: Point[], [dx, dy]: Point, c: string): string {
  const edge = shade(c, -0.45);
  const faces = profile.slice(1).map((p, i) => {
    const q = profile[i];
    const slope = (p[1] - q[1]) / Math.max(1, Math.abs(p[0] - q[0]));
    const tone = slope < -0.2 ? shade(c, -0.25) : slope > 0.2 ? shade(c, 0.18) : c;
    return poly([q, p, [p[0] + dx, p[1] + dy], [q[0] + dx, q[1] + dy]], tone, edge);
  });
  const front = `<polyline points="${pts(profile)}" fill="none" stroke="${edge}" stroke-width="6" stroke-linejoin="round"/>`;
  return faces.join("") + front;
}

function trapezProfile(x0: number, y0: number, periods: number, width: number, height: number): Point[] {
  const points: Point[] = [[x0, y0]];
  for (let i = 0; i < periods; i++) {
    const x = x0 + i * width;
    points.push([x + width * 0.25, y0], [x + width * 0.38, y0 - height], [x + width * 0.62, y0 - height], [x + width * 0.75, y0]);
  }
  points.push([x0 + periods * width, y0]);
  return points;
}

const SHAPES: Record<Drawing, (c: string) => string> = {
  panel(c) {
    // A roof plane of tile-effect panel: stepped rows and corrugations.
    const rows = 5;
    const edge = shade(c, -0.45);
    let out = poly(
      [
        [230, 100],
        [690, 100],
        [590, 380],
        [130, 380],
      ],
      c,
      edge,
    );
    for (let r = 0; r < rows; r++) {
      const t0 = r / rows;
      const t1 = (r + 1) / rows;
      const [y0, y1, l0, l1] = [100 + t0 * 280, 100 + t1 * 280, 230 - t0 * 100, 230 - t1 * 100];
      for (let k = 0; k < 9; k++) {
        const x0 = l0 + 20 + k * 50;
        const x1 = l1 + 20 + k * 50;
        out += `<path d="M${x0},${y0 + 4} Q${(x0 + x1) / 2 + 18},${(y0 + y1) / 2} ${x1},${y1 - 4}" stroke="${shade(c, 0.3)}" stroke-width="12" fill="none" opacity="0.45"/>`;
      }
      out += `<line x1="${l1}" y1="${y1}" x2="${l1 + 460}" y2="${y1}" stroke="${edge}" stroke-width="7"/>`;
    }
    return out + `<polyline points="230,100 690,100 590,380" fill="none" stroke="${edge}" stroke-width="4"/>`;
  },
  trapez: (c) => extrude(trapezProfile(120, 390, 4, 115, 45), [120, -230], c),
  flashing: (c) =>
    extrude(
      [
        [170, 170],
        [200, 160],
        [200, 330],
        [420, 395],
        [428, 378],
      ],
      [260, -90],
      c,
    ),
  gutter(c) {
    // A half-round gutter pushed back along (290, -150); the belly's lower edge is the
    // tangent of both end circles, so the outline has no notch between them.
    const edge = shade(c, -0.45);
    return (
      `<path d="M140,300 A110,110 0 0,0 300.5,397.7 L590.5,247.7 A110,110 0 0,0 650,150 L430,150 Z" fill="${c}" stroke="${edge}" stroke-width="2"/>` +
      `<path d="M140,300 A110,110 0 0,0 360,300 L650,150 L430,150 Z" fill="${shade(c, -0.25)}" stroke="${edge}" stroke-width="2"/>` +
      `<path d="M140,300 A110,110 0 0,0 360,300" fill="none" stroke="${edge}" stroke-width="8"/>` +
      `<circle cx="140" cy="296" r="9" fill="${shade(c, 0.2)}" stroke="${edge}" stroke-width="3"/>` +
      `<circle cx="360" cy="296" r="9" fill="${shade(c, 0.2)}" stroke="${edge}" stroke-width="3"/>` +
      `<line x1="360" y1="296" x2="650" y2="146" stroke="${shade(c, 0.3)}" stroke-width="5"/>`
    );
  },
  downpipe(c) {
    const edge = shade(c, -0.45);
    return (
      `<defs><linearGradient id="pipe" x1="0" x2="1"><stop offset="0" stop-color="${shade(c, -0.3)}"/><stop offset="0.45" stop-color="${shade(c, 0.3)}"/><stop offset="1" stop-color="${shade(c, -0.35)}"/></linearGradient></defs>` +
      `<rect x="350" y="70" width="90" height="250" fill="url(#pipe)" stroke="${edge}" stroke-width="2"/>` +
      `<path d="M350,320 L440,320 Q470,380 540,395 L520,440 Q400,420 350,320 Z" fill="url(#pipe)" stroke="${edge}" stroke-width="2"/>` +
      [130, 250]
        .map((y) => `<rect x="338" y="${y}" width="114" height="16" rx="4" fill="#6b7280" stroke="#374151" stroke-width="2"/>`)
        .join("") +
      `<rect x="380" y="70" width="10" height="250" fill="#fff" opacity="0.25"/>`
    );
  },
  screw(c) {
    const threads = Array.from(
      { length: 9 },
      (_, i) => `<line x1="378" y1="${222 + i * 20}" x2="422" y2="${210 + i * 20}" stroke="#6b7280" stroke-width="4"/>`,
    );
    return (
      `<rect x="383" y="200" width="34" height="190" fill="#c7ccd1" stroke="#6b7280" stroke-width="2"/>` +
      threads.join("") +
      `<polygon points="383,390 417,390 400,425" fill="#aab1b8" stroke="#6b7280" stroke-width="2"/>` +
      `<ellipse cx="400" cy="195" rx="78" ry="16" fill="#1f2329"/>` +
      poly(
        [
          [340, 180],
          [370, 110],
          [430, 110],
          [460, 180],
          [430, 190],
          [370, 190],
        ],
        c,
        shade(c, -0.45),
      ) +
      `<polygon points="370,110 430,110 460,180 400,150" fill="#fff" opacity="0.18"/>`
    );
  },
  window(c) {
    return (
      poly(
        [
          [240, 80],
          [680, 80],
          [580, 400],
          [140, 400],
        ],
        "#59616b",
        "#3a4048",
      ) +
      poly(
        [
          [300, 130],
          [560, 130],
          [505, 350],
          [245, 350],
        ],
        c,
        shade(c, -0.45),
      ) +
      poly(
        [
          [322, 150],
          [535, 150],
          [488, 330],
          [275, 330],
        ],
        "#9cc9e8",
        "#3f6f91",
      ) +
      `<polygon points="350,150 420,150 330,330 290,330" fill="#fff" opacity="0.35"/>`
    );
  },
  dome(c) {
    return (
      `<rect x="180" y="320" width="440" height="70" fill="#9aa3ad" stroke="#5b646e" stroke-width="2"/>` +
      `<path d="M200,320 C200,140 600,140 600,320 Z" fill="${c}" opacity="0.85" stroke="${shade(c, -0.45)}" stroke-width="3"/>` +
      `<path d="M260,300 C270,200 360,175 420,172" stroke="#fff" stroke-width="14" fill="none" opacity="0.6" stroke-linecap="round"/>`
    );
  },
  tool(c) {
    const blade = (angle: number) =>
      `<g transform="rotate(${angle} 400 250)"><polygon points="392,250 408,250 404,90 396,90" fill="#c9ced3" stroke="#6b7280" stroke-width="2"/>` +
      `<path d="M392,262 C380,330 372,370 360,410 L388,414 C396,370 404,330 408,262 Z" fill="${c === DEFAULT_COLOUR ? "#d9480f" : c}" stroke="#4b5563" stroke-width="2"/></g>`;
    return blade(-14) + blade(14) + `<circle cx="400" cy="256" r="12" fill="#4b5563"/>`;
  },
  document(c) {
    return (
      `<rect x="288" y="78" width="230" height="310" fill="#000" opacity="0.08"/>` +
      `<polygon points="280,70 470,70 510,110 510,380 280,380" fill="#fff" stroke="#9aa3ad" stroke-width="2"/>` +
      `<polygon points="470,70 470,110 510,110" fill="#e5e7eb" stroke="#9aa3ad" stroke-width="2"/>` +
      `<polygon points="320,190 395,130 470,190" fill="${c}"/><rect x="335" y="190" width="120" height="50" fill="${shade(c, 0.35)}"/>` +
      [265, 290, 315, 340]
        .map((y) => `<rect x="315" y="${y}" width="${y === 340 ? 100 : 160}" height="10" rx="5" fill="#d1d5db"/>`)
        .join("") +
      `<rect x="430" y="320" width="110" height="48" rx="8" fill="#c81e1e"/>` +
      `<text x="485" y="354" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff">PDF</text>`
    );
  },
  service(c) {
    const ticks = Array.from(
      { length: 13 },
      (_, i) => `<line x1="${190 + i * 35}" y1="352" x2="${190 + i * 35}" y2="${i % 2 ? 364 : 374}" stroke="#1f2933" stroke-width="3"/>`,
    );
    return (
      poly(
        [
          [220, 210],
          [400, 90],
          [580, 210],
        ],
        c,
        shade(c, -0.45),
      ) +
      `<rect x="250" y="210" width="300" height="130" fill="#eef1f4" stroke="#9aa3ad" stroke-width="2"/>` +
      `<rect x="375" y="260" width="50" height="80" fill="#9aa3ad"/>` +
      `<rect x="170" y="340" width="460" height="46" rx="6" fill="#f5c518" stroke="#a16207" stroke-width="2"/>` +
      ticks.join("")
    );
  },
  bundle(c) {
    const box = (x: number, y: number, tone: string) =>
      poly(
        [
          [x, y],
          [x + 170, y - 60],
          [x + 340, y],
          [x + 170, y + 60],
        ],
        shade(tone, 0.2),
        shade(tone, -0.45),
      ) +
      poly(
        [
          [x, y],
          [x + 170, y + 60],
          [x + 170, y + 110],
          [x, y + 50],
        ],
        tone,
        shade(tone, -0.45),
      ) +
      poly(
        [
          [x + 170, y + 60],
          [x + 340, y],
          [x + 340, y + 50],
          [x + 170, y + 110],
        ],
        shade(tone, -0.2),
        shade(tone, -0.45),
      );
    return (
      box(230, 300, c) +
      box(230, 235, shade(c, 0.15)) +
      box(230, 170, c) +
      `<circle cx="610" cy="120" r="52" fill="#c81e1e"/><text x="610" y="131" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#fff">SET</text>`
    );
  },
  snowguard(c) {
    const edge = shade(c, -0.45);
    const posts = [0, 1, 2, 3].map(
      (i) =>
        `<line x1="${200 + i * 130}" y1="${330 - i * 40}" x2="${200 + i * 130}" y2="${230 - i * 40}" stroke="${edge}" stroke-width="10"/>`,
    );
    const bars = [0, 1, 2].map(
      (j) => `<line x1="160" y1="${320 - j * 38}" x2="640" y2="${172 - j * 38}" stroke="${c}" stroke-width="14" stroke-linecap="round"/>`,
    );
    return (
      poly(
        [
          [110, 380],
          [640, 215],
          [700, 290],
          [170, 440],
        ],
        "#59616b",
        "#3a4048",
      ) +
      posts.join("") +
      bars.join("")
    );
  },
  roll(c) {
    return (
      `<path d="M400,340 L650,360 L650,410 L400,392 Z" fill="${shade(c, 0.15)}" stroke="${shade(c, -0.45)}" stroke-width="2"/>` +
      `<circle cx="400" cy="250" r="145" fill="${c}" stroke="${shade(c, -0.45)}" stroke-width="3"/>` +
      `<circle cx="400" cy="250" r="120" fill="none" stroke="${shade(c, 0.25)}" stroke-width="4" opacity="0.6"/>` +
      `<circle cx="400" cy="250" r="55" fill="#e9edf1" stroke="#9aa3ad" stroke-width="3"/>`
    );
  },
};

export function drawShape(drawing: Drawing, colour: string): string {
  return SHAPES[drawing](colour);
}
