/**
 * The mail frame's colours and type (docs/decisions/0046-mail-frame.md). Light by default; the dark set is what the
 * frame's prefers-color-scheme rules switch to in clients that honour them (Apple Mail, Outlook for Mac). Every pair
 * keeps at least 4.5:1 contrast, so a client that inverts the colours on its own (Gmail) stays readable too.
 */
import type { CSSProperties } from 'react';

export const colours = {
  page: '#f3f1ed',
  card: '#ffffff',
  text: '#1a1a1a',
  muted: '#595959',
  line: '#e2dfd9',
  button: '#1a1a1a',
  buttonText: '#ffffff',
  darkPage: '#121212',
  darkCard: '#1e1e1e',
  darkText: '#f2f2f2',
  darkMuted: '#b8b8b8',
} as const;

/** System fonts only: a web font would be one more download, and many clients ignore it. */
export const font: CSSProperties = {
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  lineHeight: '24px',
};
