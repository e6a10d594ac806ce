/** Trousers, cargo pants and dresses in the 1200x1500 product frame. */
import {
  button,
  type Fold,
  type Garment,
  mirrored,
  type Palette,
  seam,
  shadedShape,
  stitch,
  symmetric,
  type View,
} from './kit';

type LegShape = { hemOuter: number; hemInner: number; hemY: number; hip: number };

function legs({ hemOuter, hemInner, hemY, hip }: LegShape): string {
  return symmetric(
    [600, 236],
    [
      { to: [418, 230], c1: [540, 238], c2: [470, 236] },
      { to: [hemOuter, hemY], c1: [hip, 520], c2: [hemOuter, 900] },
      { to: [hemInner, hemY + 4], c1: [hemOuter + 50, hemY + 10], c2: [hemInner - 40, hemY + 10] },
      { to: [600, 600], c1: [hemInner + 14, 1000], c2: [597, 760] },
    ],
  );
}

function trousers(p: Palette, view: View, cargo: boolean): string {
  const shape = cargo
    ? { hemOuter: 428, hemInner: 566, hemY: 1300, hip: 392 }
    : { hemOuter: 384, hemInner: 560, hemY: 1336, hip: 400 };
  const folds: Fold[] = [
    [470, 640, 452, 1300, 14, 10],
    [520, 700, 540, 980, 8, -6],
    [430, 1150, 560, 1170, 9, 10],
    [740, 620, 760, 1300, 14, -10],
    [640, 1060, 760, 1080, 8, 8],
    [560, 330, 598, 560, 10, 6],
  ];
  if (cargo) folds.push([440, 1200, 560, 1230, 9, 10], [660, 1190, 770, 1230, 9, -10], [450, 1000, 560, 1020, 7, 8]);
  const parts = [
    shadedShape(legs(shape), p, {
      folds,
      highlights: [
        [486, 330, 474, 1320, 9, 0],
        [716, 330, 726, 1320, 9, 0],
      ],
    }),
  ];
  parts.push(shadedShape('M418 230 C520 238 680 238 782 230 L786 296 C680 304 520 304 414 296 Z', p, { fill: p.base }));
  parts.push(stitch('M418 288 C520 296 680 296 782 288', p));
  for (const x of [444, 540, 660, 756])
    parts.push(shadedShape(`M${x - 9} 226 L${x + 9} 226 L${x + 9} 312 L${x - 9} 312 Z`, p));
  if (view === 'front') {
    parts.push(button(612, 262, 10, p.dark));
    parts.push(stitch('M630 302 L630 500 C630 540 612 560 600 570', p), seam('M600 300 L600 590', p));
    const pocket = cargo ? 'M424 300 C440 340 452 370 470 390' : 'M428 300 C462 370 484 420 490 470';
    parts.push(seam(pocket, p), mirrored(seam(pocket, p)));
  } else {
    parts.push(seam('M600 296 L600 600', p), seam('M430 300 L468 430', p), seam('M770 300 L732 430', p));
    parts.push(seam('M456 400 L556 404', p), seam('M644 404 L744 400', p));
    parts.push(button(506, 418, 7, p.dark), button(694, 418, 7, p.dark));
  }
  if (!cargo) {
    parts.push(
      `<path d="M490 320 C486 640 480 1000 474 1334" stroke="${p.darker}" stroke-opacity="0.35" ` +
        `stroke-width="2" fill="none"/>`,
    );
    parts.push(
      mirrored(
        `<path d="M490 320 C486 640 480 1000 474 1334" stroke="${p.darker}" stroke-opacity="0.35" ` +
          `stroke-width="2" fill="none"/>`,
      ),
    );
  } else {
    const flap = 'M392 690 L520 696 L518 760 L394 754 Z';
    const pocket = 'M398 720 L516 726 L512 900 C500 914 420 914 404 896 Z';
    for (const part of [
      shadedShape(pocket, p, { folds: [[410, 880, 510, 890, 6, 6]] }),
      stitch('M406 736 L506 740', p),
      shadedShape(flap, p),
      stitch('M398 746 L514 752', p),
      button(456, 738, 8, p.dark),
    ]) {
      parts.push(part, mirrored(part));
    }
    const cuff = 'M428 1252 L566 1256 L566 1304 L428 1300 Z';
    parts.push(shadedShape(cuff, p), mirrored(shadedShape(cuff, p)));
  }
  return parts.join('\n');
}

const DRESS = symmetric(
  [600, 430],
  [
    { to: [498, 318], c1: [560, 390], c2: [520, 345] },
    { to: [430, 462], c1: [480, 360], c2: [450, 430] },
    { to: [452, 660], c1: [438, 540], c2: [452, 600] },
    { to: [300, 1330], c1: [430, 860], c2: [330, 1150] },
    { to: [600, 1362], c1: [380, 1356], c2: [500, 1366] },
  ],
);

function dress(p: Palette, view: View): string {
  const parts: string[] = [];
  const strap =
    `<path d="M502 322 C506 260 514 210 522 168" stroke="${p.base}" stroke-width="11" fill="none" ` +
    `stroke-linecap="round"/>` +
    `<path d="M502 322 C506 260 514 210 522 168" stroke="#000" stroke-opacity="${p.shadow * 0.4}" ` +
    `stroke-width="11" fill="none"/>`;
  parts.push(strap, mirrored(strap));
  const inside = 'M505 322 C560 300 640 300 695 322 C660 350 630 390 600 430 C570 390 540 350 505 322 Z';
  parts.push(view === 'front' ? `<path d="${inside}" fill="${p.inner}"/>` : shadedShape(inside, p));
  parts.push(
    shadedShape(DRESS, p, {
      folds: [
        [500, 700, 400, 1340, 20, 0],
        [560, 720, 520, 1350, 14, 0],
        [640, 720, 690, 1350, 14, 0],
        [700, 700, 820, 1340, 22, 0],
        [470, 460, 560, 520, 10, 8],
      ],
      highlights: [
        [470, 720, 350, 1320, 12, 0],
        [600, 720, 600, 1350, 12, 0],
        [670, 720, 760, 1340, 10, 0],
      ],
    }),
  );
  parts.push(seam('M452 660 C520 672 680 672 748 660', p));
  parts.push(stitch('M308 1318 C390 1342 500 1350 600 1350 C700 1350 810 1342 892 1318', p));
  if (view === 'front') {
    parts.push(stitch('M506 330 C530 358 570 400 600 418 C630 400 670 358 694 330', p));
    parts.push(seam('M520 470 C530 540 540 600 548 660', p), mirrored(seam('M520 470 C530 540 540 600 548 660', p)));
  } else {
    parts.push(
      `<path d="M600 316 L600 720" stroke="url(#silver)" stroke-width="7" stroke-dasharray="3 2"/>` +
        `<rect x="593" y="312" width="14" height="30" rx="4" fill="url(#silver)"/>`,
    );
  }
  return parts.join('\n');
}

export const TROUSERS: Garment = { draw: (p, v) => trousers(p, v, false), detail: { x: 600, y: 330, zoom: 2.6 } };
export const CARGO: Garment = { draw: (p, v) => trousers(p, v, true), detail: { x: 470, y: 760, zoom: 2.4 } };
export const DRESS_SLIP: Garment = { draw: dress, detail: { x: 600, y: 520, zoom: 2.2 }, floor: { y: 1395, rx: 360 } };
