/**
 * Small helpers for drawing the demo pictures as SVG: colours, symmetric garment outlines, and the
 * shading layers that make a flat shape read as fabric. librsvg renders these through sharp; it is
 * slow with <pattern> (seconds per picture) and filters (a blur costs more than a whole garment), so
 * every soft effect here is a gradient.
 */
import type { Color } from '~/lib/catalog/catalog-constants';

export type Pt = [number, number];
export type View = 'front' | 'back';
/** Draws one garment in the 1200x1500 product frame (centre line x = 600). */
export type Draw = (p: Palette, view: View) => string;
/** A garment: how to draw it, and where the close-up ("detail") view looks, zoom times closer. */
export type Garment = { draw: Draw; detail: { x: number; y: number; zoom: number }; floor?: { y: number; rx: number } };
/** A path segment to `to`: straight, or a cubic curve when both control points are given. */
export type Seg = { to: Pt; c1?: Pt; c2?: Pt };

/** Colours tuned for drawing: pure #111 black or #fff white would lose every highlight and shadow. */
const GARMENT_HEX: Record<Color, string> = {
  Black: '#232325',
  White: '#f3f1ec',
  Gray: '#8e9196',
  Navy: '#25314f',
  Red: '#a3282f',
  Blue: '#3563a9',
  Green: '#37603f',
  Brown: '#734f33',
};

export type Palette = {
  name: Color;
  base: string;
  light: string;
  dark: string;
  darker: string;
  /** The inside of the garment (back of the neck, inside a bag). */
  inner: string;
  /** Thread colour for visible stitching. */
  stitch: string;
  /** How strong highlights and shadows are drawn on this colour. */
  highlight: number;
  shadow: number;
};

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  const c = x.map((v, i) => Math.round(v + (y[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export const shade = (hex: string, t: number) => mix(hex, '#000000', t);
export const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function palette(name: Color): Palette {
  const base = GARMENT_HEX[name];
  const lum = luminance(base);
  const dark = lum < 0.15;
  const pale = lum > 0.8;
  return {
    name,
    base,
    light: tint(base, dark ? 0.14 : 0.2),
    dark: pale ? shade(base, 0.12) : dark ? tint(base, 0.04) : shade(base, 0.22),
    darker: pale ? shade(base, 0.28) : shade(base, dark ? 0.35 : 0.42),
    inner: pale ? shade(base, 0.18) : shade(base, 0.4),
    stitch: dark ? tint(base, 0.3) : pale ? shade(base, 0.25) : shade(base, 0.32),
    highlight: dark ? 0.16 : pale ? 0.5 : 0.2,
    shadow: pale ? 0.16 : dark ? 0.45 : 0.3,
  };
}

/** Every colour black and no shading: drawing a garment with it gives its silhouette, for cast shadows. */
export const SILHOUETTE: Palette = {
  name: 'Black',
  base: '#000',
  light: '#000',
  dark: '#000',
  darker: '#000',
  inner: '#000',
  stitch: '#000',
  highlight: 0,
  shadow: 0,
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const pt = ([x, y]: Pt) => `${fmt(x)} ${fmt(y)}`;

export function segmentsToPath(start: Pt, segs: Seg[]): string {
  let d = `M${pt(start)}`;
  for (const s of segs) d += s.c1 && s.c2 ? ` C${pt(s.c1)} ${pt(s.c2)} ${pt(s.to)}` : ` L${pt(s.to)}`;
  return d;
}

const mirrorPt = ([x, y]: Pt, cx: number): Pt => [2 * cx - x, y];

/**
 * A closed outline symmetric about x = cx: `segs` trace the left half from `start` (on the centre
 * line, top) to a point on the centre line at the bottom; the right half is the mirror, run backwards.
 */
export function symmetric(start: Pt, segs: Seg[], cx = 600): string {
  const points = [start, ...segs.map((s) => s.to)];
  const back: Seg[] = [];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    const to = mirrorPt(points[i], cx);
    back.push(s.c1 && s.c2 ? { to, c1: mirrorPt(s.c2, cx), c2: mirrorPt(s.c1, cx) } : { to });
  }
  return (
    `${segmentsToPath(start, segs)} ` +
    `${segmentsToPath(mirrorPt(points[points.length - 1], cx), back).replace(/^M/, 'L')} Z`
  );
}

/** The same path drawn mirrored about x = cx (for pockets, sleeves, shoes of a pair). */
export const mirrored = (content: string, cx = 600) =>
  `<g transform="translate(${2 * cx} 0) scale(-1 1)">${content}</g>`;

let idCounter = 0;
export const uid = (prefix: string) => `${prefix}${++idCounter}`;
/** Called at the start of each picture, so the same picture always gives the same SVG text (it is cached by hash). */
export function resetIds() {
  idCounter = 0;
}

/** A soft fold: a lens from `from` to `to`, `width` wide at the middle, bowed sideways by `bend`. */
export type Fold = [x1: number, y1: number, x2: number, y2: number, width: number, bend?: number];

/**
 * A fold as a lens-shaped path filled with a gradient across its width (clear, colour, clear): it
 * looks like a soft blurred stroke but costs no filter, which in librsvg is the slow part.
 */
function lens([x1, y1, x2, y2, width, bend = 0]: Fold, color: string, opacity: number): string {
  const id = uid('f');
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [nx, ny] = [-(y2 - y1) / length, (x2 - x1) / length];
  const a = [mx + nx * (bend + width), my + ny * (bend + width)].map(Math.round);
  const b = [mx + nx * (bend - width), my + ny * (bend - width)].map(Math.round);
  // The curves reach half way to their control points: the lens spans (bend ± width) / 2.
  const g1 = [mx + (nx * (bend - width)) / 2, my + (ny * (bend - width)) / 2].map(Math.round);
  const g2 = [mx + (nx * (bend + width)) / 2, my + (ny * (bend + width)) / 2].map(Math.round);
  return (
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" ` +
    `x1="${g1[0]}" y1="${g1[1]}" x2="${g2[0]}" y2="${g2[1]}">` +
    `<stop offset="0" stop-color="${color}" stop-opacity="0"/>` +
    `<stop offset="0.5" stop-color="${color}" stop-opacity="${opacity.toFixed(3)}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>\n` +
    `<path d="M${x1} ${y1} Q${a[0]} ${a[1]} ${x2} ${y2} Q${b[0]} ${b[1]} ${x1} ${y1} Z" fill="url(#${id})"/>`
  );
}

/**
 * A filled garment part with studio shading: base colour, light from the upper left, shade toward
 * the lower right, soft tapered folds (blurred, clipped to the outline) and a fine edge line.
 */
export function shadedShape(
  d: string,
  p: Palette,
  options: { folds?: Fold[]; highlights?: Fold[]; fill?: string; edge?: boolean } = {},
): string {
  const id = uid('s');
  const fill = options.fill ?? p.base;
  // Folds are widened a little: the gradient fades them out well before the lens edge.
  const folds = (options.folds ?? []).map(([x1, y1, x2, y2, w, bend]) =>
    lens([x1, y1, x2, y2, w * 2.4, bend], '#000', p.shadow * 0.55),
  );
  const lights = (options.highlights ?? []).map(([x1, y1, x2, y2, w, bend]) =>
    lens([x1, y1, x2, y2, w * 2.4, bend], '#fff', p.highlight * 0.7),
  );
  const clipped =
    folds.length || lights.length ? `<g clip-path="url(#${id}c)">${folds.join('')}${lights.join('')}</g>` : '';
  const edge =
    options.edge === false
      ? ''
      : `<path d="${d}" fill="none" stroke="${p.darker}" stroke-opacity="0.55" stroke-width="2.5" ` +
        `stroke-linejoin="round"/>`;
  return (
    `<defs><clipPath id="${id}c"><path d="${d}"/></clipPath>\n` +
    `<linearGradient id="${id}x" x1="0" y1="0" x2="1" y2="0.25">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="${p.highlight}"/>` +
    `<stop offset="0.42" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="0.62" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${p.shadow}"/></linearGradient>\n` +
    `<linearGradient id="${id}y" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="${p.highlight * 0.5}"/>` +
    `<stop offset="0.3" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="0.8" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${p.shadow * 0.6}"/></linearGradient></defs>\n` +
    `<path d="${d}" fill="${fill}"/>\n` +
    `<path d="${d}" fill="url(#${id}x)"/><path d="${d}" fill="url(#${id}y)"/>\n` +
    `${clipped}\n${edge}`
  );
}

/** A dashed stitch line along a path. */
export const stitch = (d: string, p: Palette, width = 2.2) =>
  `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-width="${width}" stroke-dasharray="9 7" ` +
  `stroke-linecap="round" opacity="0.9"/>`;

/** A seam: a fine dark line with a faint highlight beside it, as a sewn fold catches the light. */
export const seam = (d: string, p: Palette) =>
  `<path d="${d}" fill="none" stroke="${p.darker}" stroke-opacity="0.5" stroke-width="3"/>` +
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${p.highlight * 0.7}" stroke-width="2" ` +
  `transform="translate(2 2)"/>`;

/** A four-hole button with a soft rim. */
export function button(x: number, y: number, r: number, color: string): string {
  const h = r * 0.28;
  return (
    `<circle cx="${x}" cy="${y + 1.5}" r="${r}" fill="#000" opacity="0.18"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="none" stroke="#000" stroke-opacity="0.18" ` +
    `stroke-width="1.5"/>\n` +
    `<g fill="#000" opacity="0.45"><circle cx="${x - h}" cy="${y - h}" r="${r * 0.13}"/>` +
    `<circle cx="${x + h}" cy="${y - h}" r="${r * 0.13}"/><circle cx="${x - h}" cy="${y + h}" r="${r * 0.13}"/>` +
    `<circle cx="${x + h}" cy="${y + h}" r="${r * 0.13}"/></g>`
  );
}

/** Shared definitions every picture may use: metal hardware gradients. */
export const SHARED_DEFS =
  `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#efe2bd"/>` +
  `<stop offset="0.45" stop-color="#c6a867"/><stop offset="1" stop-color="#8a6c35"/></linearGradient>\n` +
  `<linearGradient id="silver" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f4f4"/>` +
  `<stop offset="0.5" stop-color="#b9bcc0"/><stop offset="1" stop-color="#7b7f85"/></linearGradient>`;
