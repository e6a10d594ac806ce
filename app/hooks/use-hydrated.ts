import { useLayoutEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False during server rendering and hydration, true afterwards: lets a form add JS-only behaviour. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Runs once as the page hydrates, for acting on what a visitor chose on the plain page. The scripts start
 * only after the first paint (decision 0010), so on a slow link a filter, a status or a file may be picked
 * while the form is still plain HTML; hydration keeps those choices in the DOM, but the first render after it
 * puts controlled fields back to React's state and takes away the plain form's submit button. A layout
 * effect, so it reads the form before that. On a component mounted later by a client-side navigation the
 * form holds only what React rendered, so the comparison the caller makes finds nothing to do.
 */
export function useOnHydration(effect: () => void): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(effect, []);
}
