import { useState } from 'react';
import { useAutoAdvance } from '~/hooks/use-auto-advance';
import { useHydrated } from '~/hooks/use-hydrated';
import { useReducedMotion } from '~/hooks/use-reduced-motion';

/**
 * The shop's rotating banner (docs/requirements.md#4-what-each-page-shows): one short message at a time, the next
 * every 5 seconds, wrapping. Text only (the "Up to 40% off" of the settings is not a promotion).
 * Server-rendered with the first message, so it is complete without JavaScript; it stands still
 * under prefers-reduced-motion, while hovered or focused, and when paused.
 */
export function ShopBanner({ messages }: { messages: string[] }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const count = messages.length;
  const running = hydrated && count > 1 && !reducedMotion && !paused && !held;
  const [index] = useAutoAdvance(count, running);

  if (count === 0) return null;
  const canRotate = hydrated && count > 1 && !reducedMotion;

  return (
    <section
      aria-label="Store news"
      aria-roledescription="carousel"
      className="bg-ink text-paper"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="container-page relative flex h-11 items-center justify-center">
        <div className="grid w-full text-center" aria-live={running ? 'off' : 'polite'}>
          {messages.map((message, i) => (
            <p
              key={message}
              aria-hidden={i === index ? undefined : true}
              className={`col-start-1 row-start-1 truncate px-10 text-[11px] font-medium uppercase tracking-[0.3em] transition-[opacity,transform] duration-700 ease-out ${
                i === index ? 'translate-y-0 opacity-100' : 'invisible translate-y-1 opacity-0'
              }`}
            >
              {message}
            </p>
          ))}
        </div>
        {canRotate ? (
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? 'Play store news' : 'Pause store news'}
            className="absolute right-2 flex h-11 w-11 items-center justify-center text-neutral-300 hover:text-paper md:right-6"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-3 w-3 fill-current">
              {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h3v14H7zM14 5h3v14h-3z" />}
            </svg>
          </button>
        ) : null}
      </div>
    </section>
  );
}
