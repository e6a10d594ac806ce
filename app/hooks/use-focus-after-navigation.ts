import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app to another page, a keyboard or screen-reader user's focus would stay on the link
 * they pressed, or fall to the document when that link went away with the old page or a closed menu: the next Tab
 * would start again at the top. As a page load does, it moves to the main content (`#main`, focusable by script
 * only) unless what has the focus is still on the page and visible. A change of query alone (a filter, a page of
 * results) keeps the focus where the shopper is working.
 */
export function useFocusAfterNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.checkVisibility()) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
