import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { HERO_INTERVAL_MS } from '~/lib/catalog/catalog-constants';
import { heroImageSources } from '~/lib/store/hero';
import type { HeroSlide } from '~/lib/store/settings';
import { useHydrated } from '~/hooks/use-hydrated';
import { useAutoAdvance } from '~/hooks/use-auto-advance';
import { useReducedMotion } from '~/hooks/use-reduced-motion';

/** Shown when a slide has no image yet: dark, warm gradients rather than a grey box. */
const GRADIENTS = [
  'bg-[radial-gradient(90%_80%_at_80%_20%,#6b5540_0%,#2a221b_45%,#0b0a09_100%)]',
  'bg-[radial-gradient(90%_80%_at_75%_15%,#4a5566_0%,#1c2027_45%,#08090b_100%)]',
  'bg-[radial-gradient(90%_80%_at_80%_30%,#6e4436_0%,#2a1a16_45%,#0b0909_100%)]',
];

type Mode = 'auto' | 'paused' | 'playing';

/**
 * The home page hero (docs/requirements.md#4-what-each-page-shows): advances every HERO_INTERVAL_MS, wraps from the
 * last slide to the first, dots jump. It stands still under prefers-reduced-motion, while hovered and
 * while keyboard focus is inside (WAI-ARIA carousel pattern), and has a pause/play button.
 * The server renders every slide at a fixed height with slide 1 showing, so without JavaScript
 * slide 1 is complete, and hydration moves nothing.
 */
export function HeroSlider({ slides, storeName }: { slides: HeroSlide[]; storeName: string }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [mode, setMode] = useState<Mode>('auto');
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const progress = useRef<(HTMLSpanElement | null)[]>([]);

  const count = slides.length;
  const wantsMotion = mode === 'playing' || (mode === 'auto' && !reducedMotion);
  const running = hydrated && count > 1 && wantsMotion && !hovered && !keyboardFocus;
  const [index, setIndex] = useAutoAdvance(count, running);

  // The progress bar under the current dot fills over the same interval.
  useEffect(() => {
    if (!running) return;
    const bar = progress.current[index];
    const animation = reducedMotion
      ? undefined
      : bar?.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
          duration: HERO_INTERVAL_MS,
          easing: 'linear',
          fill: 'forwards',
        });
    return () => animation?.cancel();
  }, [running, index, reducedMotion]);

  if (count === 0) return null;

  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) setKeyboardFocus(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate h-[78svh] min-h-[30rem] overflow-hidden bg-ink text-paper md:h-[min(calc(100svh-4rem),52rem)]"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div aria-live={running ? 'off' : 'polite'} className="absolute inset-0">
        {slides.map((slide, i) => (
          <Slide key={i} slide={slide} position={i} count={count} active={i === index} storeName={storeName} />
        ))}
      </div>

      {hydrated && count > 1 ? (
        <div className="container-page absolute inset-x-0 bottom-0 z-10 flex items-center justify-between gap-4 pb-5 md:pb-8">
          <p aria-hidden="true" className="text-xs tabular-nums tracking-widest text-neutral-200">
            {String(index + 1).padStart(2, '0')} / {String(count).padStart(2, '0')}
          </p>
          <div className="flex items-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={i}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                className="group flex h-11 items-center px-1.5"
              >
                <span className="block h-0.5 w-8 overflow-hidden bg-white/35 transition-colors group-hover:bg-white/60 md:w-12">
                  <span
                    ref={(el) => {
                      progress.current[i] = el;
                    }}
                    className="block h-full origin-left bg-white"
                    style={{ transform: i === index && !running ? 'scaleX(1)' : 'scaleX(0)' }}
                  />
                </span>
              </button>
            ))}
            <button
              type="button"
              onClick={() => setMode(wantsMotion ? 'paused' : 'playing')}
              aria-label={wantsMotion ? 'Pause slideshow' : 'Play slideshow'}
              className="ml-2 flex h-11 w-11 items-center justify-center rounded-full border border-white/40 hover:border-white"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-3.5 w-3.5 fill-current">
                {wantsMotion ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
              </svg>
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

type SlideProps = { slide: HeroSlide; position: number; count: number; active: boolean; storeName: string };

function Slide({ slide, position, count, active, storeName }: SlideProps) {
  const first = position === 0;
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={active ? undefined : true}
      inert={!active}
      className={`absolute inset-0 transition-[opacity,visibility] duration-1000 ease-out ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
    >
      {slide.image ? (
        <img
          {...heroImageSources(slide.image)}
          // Cover-cropped: on a tall phone screen a landscape (16:9) picture is drawn wider than the screen.
          sizes="max(100vw, 139vh)"
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'low'}
          decoding={first ? 'sync' : 'async'}
          className={`absolute inset-0 h-full w-full object-cover transition-transform duration-[6000ms] ease-out ${active ? 'scale-100' : 'scale-105'}`}
        />
      ) : (
        <div
          aria-hidden="true"
          className={`absolute inset-0 overflow-hidden ${GRADIENTS[position % GRADIENTS.length]}`}
        >
          <span className="absolute -right-[0.06em] top-1/2 -translate-y-1/2 select-none text-[60vw] font-semibold leading-none tracking-tighter text-white/[0.035] md:text-[34vw]">
            {String(position + 1).padStart(2, '0')}
          </span>
        </div>
      )}
      {/* A scrim keeps white text readable on any picture. */}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/35 to-black/5" />
      <div
        aria-hidden="true"
        className="absolute inset-0 hidden bg-gradient-to-r from-black/45 via-black/10 to-transparent md:block"
      />
      <div className="container-page relative flex h-full flex-col justify-end pb-24 md:pb-32">
        <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-neutral-200">
          <span className="hidden sm:inline">{storeName} · </span>Lagos · Est. 2024
        </p>
        <h2 className="mt-4 max-w-3xl text-4xl font-semibold uppercase leading-[1.05] tracking-tight text-balance md:text-6xl lg:text-7xl">
          {slide.title}
        </h2>
        {slide.subtitle ? (
          <p className="mt-4 max-w-xl text-base text-neutral-200 md:text-lg">{slide.subtitle}</p>
        ) : null}
        <div className="mt-8">
          <Link
            to={slide.link || '/collections'}
            prefetch="intent"
            className="inline-flex h-12 items-center bg-paper px-8 text-xs font-semibold uppercase tracking-[0.2em] text-ink transition-colors hover:bg-neutral-200"
          >
            {slide.buttonText || 'Shop Now'}
          </Link>
        </div>
      </div>
    </div>
  );
}
