/** Shirts, tees and hoodies, drawn "ghost mannequin" style: the garment as if worn, body invisible. */
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

const SHIRT_BODY = symmetric(
  [600, 236],
  [
    { to: [512, 226], c1: [570, 236], c2: [535, 232] },
    { to: [312, 292], c1: [450, 242], c2: [360, 266] },
    { to: [200, 930], c1: [262, 430], c2: [212, 760] },
    { to: [318, 952], c1: [240, 945], c2: [282, 952] },
    { to: [384, 530], c1: [336, 770], c2: [362, 620] },
    { to: [372, 1100], c1: [382, 740], c2: [370, 960] },
    { to: [600, 1172], c1: [410, 1148], c2: [510, 1172] },
  ],
);

const SHIRT_FOLDS: Fold[] = [
  [290, 420, 250, 860, 14, -10],
  [228, 640, 326, 662, 7, 6],
  [470, 560, 470, 1140, 16, 12],
  [540, 720, 548, 1160, 11, -8],
  [722, 620, 726, 1150, 16, 10],
  [910, 430, 950, 860, 14, 10],
  [420, 880, 570, 908, 8, 10],
];
const SHIRT_LIGHTS: Fold[] = [
  [440, 380, 446, 1100, 12, -10],
  [258, 430, 232, 880, 8, 6],
  [660, 640, 664, 1120, 10, 8],
];

function shirt(p: Palette, view: View): string {
  const parts: string[] = [];
  if (view === 'front') {
    parts.push(shadedShape('M505 240 C505 205 545 188 600 188 C655 188 695 205 695 240 Z', p));
    parts.push(
      `<path d="M522 236 C530 212 565 204 600 204 C635 204 670 212 678 236 C660 268 540 268 522 236 Z" ` +
        `fill="${p.inner}"/>`,
    );
  }
  parts.push(shadedShape(SHIRT_BODY, p, { folds: SHIRT_FOLDS, highlights: SHIRT_LIGHTS }));
  const armhole = 'M316 294 C350 360 374 450 384 530';
  parts.push(seam(armhole, p), mirrored(seam(armhole, p)));
  const cuff = 'M205 868 C242 880 292 888 330 884 L318 952 C282 952 240 945 200 930 Z';
  parts.push(shadedShape(cuff, p), mirrored(shadedShape(cuff, p)));
  parts.push(button(272, 918, 8, p.light), mirrored(button(272, 918, 8, p.light)));
  if (view === 'front') {
    parts.push(shadedShape('M582 300 L618 300 L618 1170 L582 1170 Z', p, { edge: false }));
    parts.push(stitch('M586 306 L586 1164', p), stitch('M614 306 L614 1164', p));
    for (const y of [345, 460, 575, 690, 805, 920, 1035, 1140]) parts.push(button(600, y, 9.5, p.light));
    parts.push(shadedShape('M660 470 L772 470 L772 590 L716 614 L660 590 Z', p, { edge: false }));
    parts.push(stitch('M664 476 L664 588 L716 608 L768 588 L768 476', p), seam('M660 470 L772 470', p));
    const leaf = 'M600 302 C570 280 535 252 508 228 C498 280 512 336 548 384 C566 352 584 326 600 302 Z';
    parts.push(shadedShape(leaf, p), stitch('M512 246 C506 290 520 334 546 368', p));
    parts.push(mirrored(shadedShape(leaf, p)), mirrored(stitch('M512 246 C506 290 520 334 546 368', p)));
    parts.push(button(600, 300, 7.5, p.light));
  } else {
    parts.push(shadedShape('M505 244 C505 206 545 190 600 190 C655 190 695 206 695 244 C660 232 540 232 505 244 Z', p));
    parts.push(seam('M330 318 C430 385 770 385 870 318', p), stitch('M334 330 C430 396 770 396 866 330', p));
    parts.push(seam('M582 372 L584 470', p), seam('M618 372 L616 470', p));
  }
  return parts.join('\n');
}

const TEE_BODY = symmetric(
  [600, 228],
  [
    { to: [505, 222], c1: [560, 232], c2: [530, 228] },
    { to: [318, 300], c1: [430, 238], c2: [360, 262] },
    { to: [232, 560], c1: [285, 380], c2: [250, 480] },
    { to: [368, 604], c1: [275, 582], c2: [330, 600] },
    { to: [384, 478], c1: [370, 562], c2: [380, 520] },
    { to: [376, 1170], c1: [386, 700], c2: [372, 1000] },
    { to: [600, 1180], c1: [450, 1176], c2: [540, 1180] },
  ],
);

function tee(p: Palette, view: View, longSleeve = false): string {
  const parts: string[] = [];
  const body = longSleeve ? HOODIE_BODY : TEE_BODY;
  const folds: Fold[] = [
    [470, 520, 472, 1160, 16, 10],
    [700, 600, 708, 1170, 14, -10],
    [300, 330, 262, 540, 10, 4],
    [430, 980, 580, 990, 8, 10],
  ];
  if (longSleeve) folds.push([262, 420, 236, 880, 12, -8], [262, 640, 374, 648, 7, 6], [940, 700, 830, 706, 7, 6]);
  parts.push(
    shadedShape(body, p, {
      folds,
      highlights: [
        [440, 400, 444, 1140, 12, -8],
        [650, 620, 656, 1150, 10, 8],
      ],
    }),
  );
  const shoulder = 'M318 300 C344 360 372 420 384 478';
  parts.push(seam(shoulder, p), mirrored(seam(shoulder, p)));
  if (longSleeve) {
    const cuff = 'M212 878 C250 890 300 896 344 892 L340 960 C300 962 250 956 208 944 Z';
    parts.push(shadedShape(cuff, p), mirrored(shadedShape(cuff, p)));
    parts.push(shadedShape('M373 1100 C460 1108 740 1108 827 1100 L828 1198 C740 1206 460 1206 372 1198 Z', p));
    for (const x of [410, 450, 490, 530, 570, 610, 650, 690, 730, 770])
      parts.push(`<path d="M${x} 1110 L${x} 1192" stroke="${p.darker}" stroke-opacity="0.25" stroke-width="2"/>`);
  } else {
    parts.push(
      stitch('M236 536 C278 560 330 574 372 580', p),
      mirrored(stitch('M236 536 C278 560 330 574 372 580', p)),
    );
    parts.push(stitch('M380 1150 C460 1156 740 1156 820 1150', p));
  }
  if (view === 'front') {
    parts.push(
      `<path d="M505 222 C540 236 660 236 695 222 C680 285 640 302 600 302 C560 302 520 285 505 222 Z" ` +
        `fill="${p.inner}"/>`,
    );
    parts.push(
      `<path d="M505 222 C520 285 560 302 600 302 C640 302 680 285 695 222" fill="none" stroke="${p.base}" ` +
        `stroke-width="26"/>`,
    );
    parts.push(
      `<path d="M505 222 C520 285 560 302 600 302 C640 302 680 285 695 222" fill="none" stroke="#000" ` +
        `stroke-opacity="${p.shadow * 0.5}" stroke-width="26"/>`,
    );
    parts.push(stitch('M520 238 C536 298 566 320 600 320 C634 320 664 298 680 238', p));
    if (!longSleeve)
      parts.push(
        `<rect x="690" y="400" width="46" height="22" rx="3" fill="${p.dark}" opacity="0.85"/>` +
          `<rect x="698" y="409" width="30" height="4" fill="${p.light}" opacity="0.8"/>`,
      );
  } else {
    parts.push(`<path d="M505 222 C540 246 660 246 695 222" fill="none" stroke="${p.dark}" stroke-width="20"/>`);
    parts.push(stitch('M512 240 C548 262 652 262 688 240', p));
  }
  return parts.join('\n');
}

const HOODIE_BODY = symmetric(
  [600, 228],
  [
    { to: [500, 224], c1: [560, 232], c2: [528, 228] },
    { to: [312, 306], c1: [430, 240], c2: [356, 266] },
    { to: [208, 944], c1: [262, 460], c2: [216, 760] },
    { to: [340, 960], c1: [250, 956], c2: [300, 962] },
    { to: [384, 520], c1: [350, 780], c2: [372, 620] },
    { to: [372, 1196], c1: [386, 760], c2: [370, 1000] },
    { to: [600, 1204], c1: [460, 1204], c2: [540, 1204] },
  ],
);

function hoodie(p: Palette, view: View): string {
  const parts: string[] = [];
  if (view === 'front') parts.push(shadedShape('M462 276 C446 160 510 78 600 78 C690 78 754 160 738 276 Z', p));
  parts.push(tee(p, view, true));
  if (view === 'front') {
    parts.push(
      `<path d="M520 272 C516 186 556 136 600 136 C644 136 684 186 680 272 C650 300 550 300 520 272 Z" ` +
        `fill="${p.inner}"/>`,
    );
    parts.push(
      shadedShape(
        'M462 276 C490 250 512 250 524 272 C548 316 578 340 600 348 C622 340 652 316 676 272 ' +
          'C688 250 710 250 738 276 C724 330 660 384 600 392 C540 384 476 330 462 276 Z',
        p,
      ),
    );
    parts.push(stitch('M478 286 C506 336 556 368 600 376 C644 368 694 336 722 286', p));
    for (const [x1, x2, y2] of [
      [566, 552, 600],
      [634, 650, 580],
    ]) {
      parts.push(
        `<circle cx="${x1}" cy="354" r="7" fill="url(#silver)"/>` +
          `<path d="M${x1} 358 C${x1 - 6} 440 ${x2 + 6} 520 ${x2} ${y2}" fill="none" stroke="${p.light}" ` +
          `stroke-width="9" stroke-linecap="round"/>`,
      );
      parts.push(`<rect x="${x2 - 5}" y="${y2}" width="10" height="34" rx="4" fill="url(#silver)"/>`);
    }
    parts.push(
      shadedShape('M452 800 L748 800 L800 1040 C700 1052 500 1052 400 1040 Z', p, {
        folds: [[470, 1000, 730, 1000, 8, 12]],
      }),
    );
    parts.push(stitch('M458 810 L742 810', p), seam('M452 800 L420 960', p), seam('M748 800 L780 960', p));
  } else {
    parts.push(
      shadedShape('M470 236 C456 320 474 560 600 612 C726 560 744 320 730 236 C680 260 520 260 470 236 Z', p, {
        folds: [[600, 260, 600, 600, 14, 0]],
      }),
    );
    parts.push(seam('M600 250 L600 606', p));
  }
  return parts.join('\n');
}

export const SHIRT: Garment = { draw: shirt, detail: { x: 610, y: 420, zoom: 2.6 }, floor: { y: 1300, rx: 400 } };
export const TEE: Garment = {
  draw: (p, v) => tee(p, v),
  detail: { x: 640, y: 360, zoom: 2.4 },
  floor: { y: 1300, rx: 380 },
};
export const HOODIE: Garment = { draw: hoodie, detail: { x: 600, y: 380, zoom: 2.2 }, floor: { y: 1320, rx: 400 } };
