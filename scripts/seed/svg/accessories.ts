/** Bags, caps and belts in the 1200x1500 product frame. */
import { type Garment, mix, type Palette, shade, shadedShape, stitch, tint, type View } from './kit';

function bag(p: Palette, view: View): string {
  const parts: string[] = [];
  const handle = (dx: number, color: string) =>
    `<path d="M${452 + dx} 650 C${452 + dx} 380 ${748 + dx} 380 ${748 + dx} 650" stroke="${color}" ` +
    `stroke-width="30" fill="none" stroke-linecap="round"/>`;
  parts.push(handle(26, shade(p.base, 0.3)), handle(0, p.base));
  parts.push(
    `<path d="M452 650 C452 380 748 380 748 650" stroke="#fff" stroke-opacity="${p.highlight}" ` +
      `stroke-width="8" fill="none" transform="translate(-6 -4)"/>`,
  );
  parts.push(stitch('M466 640 C468 410 732 410 734 640', p, 1.8));
  parts.push(shadedShape('M870 640 L912 664 L952 1232 L912 1262 Z', p, { fill: shade(p.base, 0.25) }));
  parts.push(
    shadedShape('M330 640 L870 640 L910 1220 C912 1250 890 1270 860 1270 L340 1270 C310 1270 288 1250 290 1220 Z', p, {
      folds: [
        [420, 700, 400, 1240, 10, 6],
        [780, 700, 820, 1240, 12, -6],
      ],
      highlights: [
        [400, 680, 370, 1230, 16, 0],
        [520, 700, 520, 1240, 8, 0],
      ],
    }),
  );
  parts.push(shadedShape('M330 640 L870 640 L873 694 L327 694 Z', p, { fill: shade(p.base, 0.08) }));
  parts.push(
    stitch('M336 684 L864 684', p),
    stitch('M312 1230 C316 1250 330 1258 344 1258 L856 1258 C872 1258 886 1250 890 1230', p),
  );
  for (const x of [452, 748]) {
    parts.push(
      `<path d="M${x - 22} 690 L${x + 22} 690 L${x + 16} 610 L${x - 16} 610 Z" fill="${shade(p.base, 0.12)}"/>`,
    );
    parts.push(
      `<rect x="${x - 20}" y="622" width="40" height="20" rx="8" fill="none" stroke="url(#metal)" stroke-width="8"/>`,
    );
  }
  if (view === 'front') {
    parts.push(
      `<rect x="540" y="780" width="120" height="44" rx="6" fill="url(#metal)"/>` +
        `<rect x="552" y="792" width="96" height="20" rx="3" fill="none" stroke="#8a6c35" stroke-width="1.5"/>`,
    );
    parts.push(`<path d="M560 802 L640 802" stroke="#7d6230" stroke-width="3"/>`);
  } else {
    parts.push(
      stitch('M370 760 L830 760', p),
      `<path d="M370 752 L830 752" stroke="${p.darker}" stroke-opacity="0.5" stroke-width="3"/>`,
    );
  }
  return parts.join('\n');
}

/** A baseball cap in three-quarter view, the peak pointing right (front), or from behind (back). */
function cap(p: Palette, view: View): string {
  const parts: string[] = [];
  const dome = 'M330 866 C322 640 440 500 600 500 C760 500 860 640 850 860 C700 884 470 888 330 866 Z';
  parts.push(
    shadedShape(dome, p, { folds: [[360, 820, 840, 820, 14, 10]], highlights: [[470, 540, 420, 820, 18, 10]] }),
  );
  const seams =
    view === 'front'
      ? ['M600 502 C500 580 440 720 430 876', 'M600 502 C598 620 600 760 612 882', 'M600 502 C700 580 760 720 790 866']
      : ['M600 502 C520 580 480 700 470 876', 'M600 502 L600 880', 'M600 502 C680 580 720 700 730 876'];
  for (const d of seams)
    parts.push(
      `<path d="${d}" stroke="${p.darker}" stroke-opacity="0.55" stroke-width="3" fill="none"/>`,
      `<g transform="translate(12 0)">${stitch(d, p, 1.6)}</g>`,
    );
  parts.push(
    `<circle cx="600" cy="504" r="16" fill="${p.dark}"/>` +
      `<circle cx="596" cy="500" r="6" fill="#fff" opacity="${p.highlight}"/>`,
  );
  parts.push(
    `<circle cx="480" cy="610" r="6" fill="${p.darker}"/><circle cx="712" cy="606" r="6" fill="${p.darker}"/>`,
  );
  if (view === 'front') {
    parts.push(
      `<path d="M672 720 L702 664 L732 720 M683 702 L721 702" stroke="${tint(p.base, 0.55)}" stroke-width="7" ` +
        `fill="none" stroke-linejoin="round"/>`,
    );
    parts.push(
      `<path d="M560 900 C700 930 880 958 1004 952 C990 972 880 978 760 960 C680 948 600 930 560 900 Z" ` +
        `fill="${shade(p.base, 0.4)}"/>`,
    );
    parts.push(
      shadedShape('M560 872 C700 852 900 862 1040 920 C1052 934 1036 950 1004 952 C880 958 700 930 560 900 Z', p, {
        fill: shade(p.base, 0.04),
        highlights: [[640, 872, 1000, 920, 10, 10]],
      }),
    );
    for (const o of [0, 14, 28])
      parts.push(
        stitch(
          `M${590 + o} ${880 + o * 0.6} C${740 + o} ${866 + o * 0.5} ${900 - o} ${880 + o * 0.4} ` +
            `${1020 - o * 1.4} ${928 + o * 0.2}`,
          p,
          1.4,
        ),
      );
  } else {
    parts.push(`<path d="M510 876 C510 770 690 770 690 876 Z" fill="${p.inner}"/>`);
    parts.push(shadedShape('M470 812 L730 812 L730 846 L470 846 Z', p, { fill: shade(p.base, 0.1) }));
    parts.push(
      `<rect x="620" y="804" width="34" height="50" rx="4" fill="none" stroke="url(#silver)" stroke-width="8"/>`,
    );
    parts.push(
      `<path d="M330 866 C470 888 700 884 850 860 L846 894 C700 916 470 918 332 898 Z" fill="${shade(p.base, 0.2)}"/>`,
    );
  }
  return parts.join('\n');
}

/** The belt lies in a loop: from the buckle round to the right, over the top, back through the buckle. */
const LOOP =
  'M600 1130 C800 1120 940 960 940 760 C940 540 790 390 600 390 C410 390 260 540 260 760 C260 950 380 1120 600 1140';
const TAIL = 'M600 1140 C700 1150 800 1176 880 1214';

/**
 * A leather strap along `d`: one thick stroke; the stitching is a dashed stroke peeking out from under a narrower
 * one.
 */
function strap(d: string, leather: string, p: Palette, stitched: boolean): string {
  const edge = shade(leather, 0.35);
  return [
    `<path d="${d}" stroke="${edge}" stroke-width="90" fill="none" stroke-linecap="round"/>`,
    `<path d="${d}" stroke="${leather}" stroke-width="86" fill="none" stroke-linecap="round"/>`,
    stitched
      ? `<path d="${d}" stroke="${p.stitch}" stroke-width="72" stroke-dasharray="10 8" fill="none" ` +
        `stroke-linecap="round"/>`
      : '',
    `<path d="${d}" stroke="${leather}" stroke-width="66" fill="none" stroke-linecap="round"/>`,
    `<path d="${d}" transform="translate(-6 -8)" stroke="#fff" stroke-opacity="${p.highlight * 0.7}" ` +
      `stroke-width="10" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

function belt(p: Palette, view: View): string {
  // The back view shows the reverse: the belt's suede side.
  const leather = view === 'front' ? p.base : mix(p.base, '#c9b597', 0.55);
  const stitched = view === 'front';
  return [
    `<path d="${LOOP} ${TAIL.replace('M', 'L')}" transform="translate(10 18)" stroke="#000" ` +
      `stroke-opacity="0.16" stroke-width="92" fill="none" stroke-linecap="round"/>`,
    strap(LOOP, leather, p, stitched),
    `<path d="M566 1138 C700 1150 800 1176 880 1214" transform="translate(4 8)" stroke="#000" ` +
      `stroke-opacity="0.22" stroke-width="88" fill="none" stroke-linecap="round"/>`,
    strap(TAIL, leather, p, stitched),
    ...[
      [790, 1172],
      [826, 1186],
      [862, 1202],
    ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="${shade(leather, 0.55)}"/>`),
    `<g transform="translate(600 1136) rotate(4)">` +
      `<rect x="-52" y="-84" width="104" height="168" rx="22" fill="none" stroke="#000" stroke-opacity="0.2" ` +
      `stroke-width="22" transform="translate(8 12)"/>\n` +
      `<rect x="-52" y="-84" width="104" height="168" rx="22" fill="none" stroke="url(#metal)" ` +
      `stroke-width="20"/>` +
      `<path d="M-44 0 L60 2" stroke="url(#metal)" stroke-width="10" stroke-linecap="round"/>\n` +
      `<rect x="-52" y="-84" width="104" height="168" rx="22" fill="none" stroke="#fff" stroke-opacity="0.35" ` +
      `stroke-width="3" transform="translate(-4 -4)"/></g>`,
  ].join('\n');
}

export const BAG: Garment = { draw: bag, detail: { x: 600, y: 720, zoom: 2.4 }, floor: { y: 1282, rx: 360 } };
export const CAP: Garment = {
  draw: (p, v) => `<g transform="translate(600 760) scale(1.18) translate(-660 -740)">${cap(p, v)}</g>`,
  detail: { x: 700, y: 800, zoom: 1.9 },
  floor: { y: 1036, rx: 430 },
};
export const BELT: Garment = {
  draw: (p, v) => `<g transform="translate(0 -40)">${belt(p, v)}</g>`,
  detail: { x: 640, y: 1080, zoom: 2.2 },
  floor: { y: 1250, rx: 420 },
};
