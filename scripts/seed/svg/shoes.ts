/** Low-top sneakers: a side profile (front view) and the pair (back view). */
import { type Garment, luminance, type Palette, shade, shadedShape, stitch, tint, type View } from './kit';

const UPPER =
  'M196 812 C182 760 180 700 188 650 C192 600 200 566 216 548 C260 546 300 560 340 580 ' +
  'C380 600 420 606 460 596 C490 586 510 560 530 530 C545 505 565 494 590 500 C610 506 622 520 628 540 ' +
  'L820 680 C880 700 950 720 990 748 C1020 770 1030 800 1016 812 Z';
const LACE_POINTS: [number, number][] = [
  [646, 556],
  [684, 584],
  [722, 612],
  [760, 640],
  [798, 668],
];

function sneaker(p: Palette): string {
  const pale = luminance(p.base) > 0.55;
  const sole = pale ? '#ece5d6' : '#f3f1ec';
  const outsole = pale || p.name === 'Brown' ? '#a97c50' : '#2b2b2d';
  const accent = pale ? '#25314f' : tint(p.base, 0.85);
  const lace = pale ? '#fbfaf7' : tint(p.base, 0.8);
  const soleEdge = shade(sole, 0.25);
  const parts = [
    shadedShape(UPPER, p, {
      folds: [
        [560, 620, 640, 720, 10, 6],
        [300, 640, 360, 760, 10, 0],
      ],
      highlights: [
        [240, 600, 260, 780, 10, 0],
        [860, 730, 980, 760, 8, -6],
      ],
    }),
    shadedShape(
      'M196 812 C182 760 180 700 188 650 C192 600 200 566 216 548 C250 548 280 556 300 566 C300 650 310 740 340 812 Z',
      p,
      { fill: shade(p.base, pale ? 0.06 : 0.18) },
    ),
    shadedShape('M860 812 C850 760 900 720 960 726 C1000 740 1030 790 1016 812 Z', p, { fill: tint(p.base, 0.05) }),
    stitch('M872 806 C866 764 904 736 956 740', p, 1.8),
    `<path d="M330 770 C470 690 640 660 800 690 L808 722 C650 700 480 720 344 800 Z" fill="${accent}" ` +
      `stroke="${shade(accent, 0.3)}" stroke-width="1.5"/>`,
    stitch('M222 560 C262 560 300 574 340 594 C380 612 420 618 462 608', p, 1.8),
    `<path d="M590 500 C606 470 640 466 660 480 L676 536 L628 540 C622 520 610 506 590 500 Z" ` +
      `fill="${shade(p.base, 0.12)}" stroke="${p.darker}" stroke-width="1.5"/>`,
    `<rect x="618" y="486" width="30" height="16" rx="2" fill="${accent}" transform="rotate(22 633 494)"/>`,
    `<path d="M188 566 L214 552 L224 624 L194 630 Z" fill="${accent}"/>`,
  ];
  for (const [x, y] of LACE_POINTS) {
    parts.push(
      `<circle cx="${x - 8}" cy="${y + 16}" r="6.5" fill="url(#silver)" stroke="${p.darker}" stroke-width="1.5"/>`,
    );
    parts.push(
      `<path d="M${x - 8} ${y + 14} L${x + 22} ${y - 30}" stroke="${shade(lace, 0.3)}" stroke-width="12" ` +
        `stroke-linecap="round"/>` +
        `<path d="M${x - 8} ${y + 14} L${x + 22} ${y - 30}" stroke="${lace}" stroke-width="8" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<path d="M180 800 L1026 800 C1042 822 1038 858 1010 872 L212 872 C186 866 172 830 180 800 Z" ` +
      `fill="${sole}" stroke="${soleEdge}" stroke-width="2"/>`,
    `<path d="M190 836 L1030 836" stroke="${soleEdge}" stroke-width="2" opacity="0.6"/>`,
    `<path d="M206 870 L1012 870 C1010 892 996 902 970 902 L240 902 C216 902 204 890 206 870 Z" fill="${outsole}"/>`,
    `<path d="M180 800 L1026 800 L1026 812 L180 812 Z" fill="#000" opacity="0.08"/>`,
  );
  return parts.join('\n');
}

function draw(p: Palette, view: View): string {
  if (view === 'front') return `<g transform="translate(0 150)">${sneaker(p)}</g>`;
  const one = sneaker(p);
  return (
    `<g transform="translate(40 130) scale(0.86)">${one}</g><g transform="translate(1160 430) scale(-0.9 0.9)">` +
    `<path d="M210 905 L1010 905" stroke="#000" stroke-opacity="0.12" stroke-width="28" stroke-linecap="round"/>` +
    `${one}</g>`
  );
}

export const SNEAKER: Garment = { draw, detail: { x: 700, y: 770, zoom: 2.3 }, floor: { y: 1062, rx: 460 } };
