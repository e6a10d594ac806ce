/**
 * Debian's Chromium (see README) as the end-to-end tests and the benchmarks run it: headless, and kept off the
 * network this machine does not have (no background requests, updates or sync).
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
