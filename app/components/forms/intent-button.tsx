const LOOK = {
  solid: 'h-11 bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60',
  outline:
    'h-11 border border-ink px-5 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper disabled:opacity-60',
};

/**
 * A form's submit button that names its `intent` (the action tells the form's buttons apart by it). While its post is
 * under way it is disabled and says `busyLabel`, so a second press sends nothing.
 */
export function IntentButton({
  intent,
  busy,
  busyLabel,
  look = 'solid',
  children,
}: {
  intent: string;
  busy: boolean;
  busyLabel: string;
  look?: keyof typeof LOOK;
  children: string;
}) {
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={LOOK[look]}>
      {busy ? busyLabel : children}
    </button>
  );
}
