/** Bomber jackets and long coats in the 1200x1500 product frame. */
import {
  button,
  type Garment,
  mirrored,
  type Palette,
  seam,
  shadedShape,
  shade,
  stitch,
  symmetric,
  type View,
} from './kit';

const BOMBER = symmetric(
  [600, 220],
  [
    { to: [505, 214], c1: [560, 224], c2: [530, 220] },
    { to: [300, 290], c1: [440, 228], c2: [350, 256] },
    { to: [196, 900], c1: [238, 430], c2: [190, 720] },
    { to: [330, 930], c1: [236, 926], c2: [290, 934] },
    { to: [380, 520], c1: [346, 760], c2: [364, 620] },
    { to: [372, 1060], c1: [392, 760], c2: [368, 960] },
    { to: [600, 1072], c1: [440, 1070], c2: [540, 1072] },
  ],
);

/** Ribbed knit: a band with fine vertical lines. */
function rib(d: string, p: Palette, lines: string): string {
  return (
    `${shadedShape(d, p, { fill: shade(p.base, 0.12) })}` +
    `<path d="${lines}" stroke="${p.darker}" stroke-opacity="0.35" stroke-width="2" fill="none"/>`
  );
}

function ribLines(x1: number, x2: number, y1: number, y2: number, step = 16): string {
  let d = '';
  for (let x = x1 + step / 2; x < x2; x += step) d += `M${x} ${y1} L${x} ${y2} `;
  return d;
}

function bomber(p: Palette, view: View): string {
  const parts: string[] = [];
  parts.push(
    shadedShape(BOMBER, p, {
      folds: [
        [280, 380, 240, 840, 16, -10],
        [920, 380, 960, 840, 16, 10],
        [440, 560, 450, 990, 16, 10],
        [740, 580, 736, 990, 16, -8],
        [224, 620, 350, 640, 10, 10],
        [976, 620, 850, 640, 10, -10],
      ],
      highlights: [
        [500, 420, 510, 980, 14, -10],
        [258, 420, 222, 820, 10, 6],
        [680, 620, 690, 980, 10, 8],
      ],
    }),
  );
  const cuff = 'M200 846 C240 858 300 866 338 862 L330 930 C290 934 236 926 196 910 Z';
  const cuffRib = rib(
    cuff,
    p,
    'M214 856 L208 916 M234 860 L228 920 M254 864 L250 924 M274 866 L270 928 M294 866 L292 930 M314 864 L312 930',
  );
  parts.push(cuffRib, mirrored(cuffRib));
  parts.push(
    rib(
      'M372 996 C460 1004 740 1004 828 996 L828 1068 C740 1076 460 1076 372 1068 Z',
      p,
      ribLines(372, 828, 1002, 1070),
    ),
  );
  const armhole = 'M302 292 C336 360 366 440 380 520';
  parts.push(seam(armhole, p), mirrored(seam(armhole, p)));
  if (view === 'front') {
    parts.push(`<path d="M505 214 C540 200 660 200 695 214" stroke="${p.inner}" stroke-width="26" fill="none"/>`);
    parts.push(
      `<path d="M505 214 C520 280 560 300 600 302 C640 300 680 280 695 214" stroke="${shade(p.base, 0.14)}" ` +
        `stroke-width="34" fill="none"/>`,
    );
    parts.push(
      `<path d="M505 214 C520 280 560 300 600 302 C640 300 680 280 695 214" stroke="${p.darker}" ` +
        `stroke-opacity="0.3" stroke-width="34" stroke-dasharray="2 12" fill="none"/>`,
    );
    parts.push(
      `<path d="M600 318 L600 1070" stroke="url(#silver)" stroke-width="12" stroke-dasharray="4 3"/>` +
        `<path d="M600 318 L600 1070" stroke="${p.darker}" stroke-opacity="0.5" stroke-width="2"/>`,
    );
    parts.push(
      `<rect x="590" y="318" width="20" height="44" rx="6" fill="url(#silver)" stroke="#6d7076" stroke-width="1.5"/>`,
    );
    parts.push(seam('M440 760 L486 900', p), seam('M760 760 L714 900', p));
    parts.push(
      shadedShape('M236 470 L296 462 L302 540 L242 548 Z', p),
      `<path d="M244 482 L292 476" stroke="url(#silver)" stroke-width="5"/>`,
    );
  } else {
    parts.push(
      `<path d="M505 214 C540 236 660 236 695 214" stroke="${shade(p.base, 0.14)}" stroke-width="34" fill="none"/>`,
    );
    parts.push(
      `<path d="M505 214 C540 236 660 236 695 214" stroke="${p.darker}" stroke-opacity="0.3" stroke-width="34" ` +
        `stroke-dasharray="2 12" fill="none"/>`,
    );
  }
  return parts.join('\n');
}

const COAT = symmetric(
  [600, 226],
  [
    { to: [508, 216], c1: [566, 228], c2: [532, 222] },
    { to: [318, 282], c1: [440, 228], c2: [360, 256] },
    { to: [214, 980], c1: [268, 430], c2: [218, 800] },
    { to: [340, 1000], c1: [250, 996], c2: [300, 1002] },
    { to: [392, 540], c1: [356, 800], c2: [378, 640] },
    { to: [350, 1380], c1: [392, 800], c2: [360, 1200] },
    { to: [600, 1388], c1: [420, 1386], c2: [540, 1388] },
  ],
);

function coat(p: Palette, view: View): string {
  const parts: string[] = [];
  parts.push(
    shadedShape(COAT, p, {
      folds: [
        [300, 400, 260, 940, 16, -10],
        [900, 400, 940, 940, 16, 10],
        [450, 700, 420, 1370, 18, 10],
        [760, 700, 790, 1370, 18, -10],
        [540, 1000, 540, 1380, 10, 0],
      ],
      highlights: [
        [500, 700, 480, 1360, 12, -8],
        [262, 420, 236, 920, 10, 6],
        [680, 720, 700, 1360, 10, 8],
      ],
    }),
  );
  const armhole = 'M320 284 C352 360 380 460 392 540';
  parts.push(seam(armhole, p), mirrored(seam(armhole, p)));
  parts.push(seam('M222 900 C260 912 300 918 336 916', p), mirrored(seam('M222 900 C260 912 300 918 336 916', p)));
  if (view === 'front') {
    parts.push(`<path d="M520 224 L600 620 L680 224 C640 236 560 236 520 224 Z" fill="${p.inner}"/>`);
    const lapel = 'M514 218 L468 300 L500 324 L452 360 L586 650 L604 612 L548 262 Z';
    parts.push(shadedShape(lapel, p, { fill: shade(p.base, 0.06) }), stitch('M472 372 L580 618', p));
    parts.push(
      mirrored(shadedShape(lapel, p, { fill: shade(p.base, 0.06) })),
      mirrored(stitch('M472 372 L580 618', p)),
    );
    parts.push(seam('M600 620 L600 1386', p), seam('M612 612 C640 720 652 1000 648 1386', p));
    for (const y of [700, 860, 1020]) parts.push(button(540, y, 13, p.dark), button(660, y, 13, p.dark));
    const flap = 'M404 1010 L520 1018 L518 1070 L402 1062 Z';
    parts.push(
      shadedShape(flap, p),
      stitch('M410 1050 L512 1056', p),
      mirrored(shadedShape(flap, p)),
      mirrored(stitch('M410 1050 L512 1056', p)),
    );
  } else {
    parts.push(shadedShape('M508 218 C540 190 660 190 692 218 L700 262 C640 248 560 248 500 262 Z', p));
    parts.push(seam('M600 262 L600 1150', p), seam('M600 1150 L600 1386', p), seam('M600 1150 L628 1166 L628 1386', p));
    parts.push(
      seam('M430 720 C520 736 680 736 770 720', p),
      button(448, 724, 10, p.dark),
      button(752, 724, 10, p.dark),
    );
  }
  return parts.join('\n');
}

export const BOMBER_JACKET: Garment = {
  draw: bomber,
  detail: { x: 600, y: 380, zoom: 2.4 },
  floor: { y: 1250, rx: 400 },
};
export const OVERCOAT: Garment = { draw: coat, detail: { x: 560, y: 520, zoom: 2.2 }, floor: { y: 1420, rx: 380 } };
