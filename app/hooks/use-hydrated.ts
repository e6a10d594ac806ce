import { createContext, createElement, startTransition, useContext, useEffect, useLayoutEffect, useState } from 'react';

const Hydrated = createContext(false);

/**
 * Says when the page has hydrated, for the components that add JS-only behaviour (decision 0048). The switch is
 * one state update in a transition after the hydration commit: React renders what it changes in slices that yield
 * to the browser. A `useSyncExternalStore` per component (what this was) made React re-render every one of them
 * synchronously inside the hydration's effects, one long task on a slow phone. Until the transition commits, the
 * components render as on the server, so the page works as the plain HTML it already is. Marking the document
 * `data-hydrated` after that commit lets the end-to-end tests wait for the JavaScript path.
 */
export function HydratedProvider({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(Hydrated.Provider, { value: hydrated }, children);
}

/** False during server rendering and hydration, true afterwards: lets a form add JS-only behaviour. */
export function useHydrated(): boolean {
  return useContext(Hydrated);
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
