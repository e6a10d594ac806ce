/**
 * The store's mark in the header: its logo when one is uploaded (the name as its alt text), else its name
 * (docs/decisions/0042-launch-checklist.md). The picture carries its width and height, so nothing moves as it loads.
 */
export type HeaderLogo = { src: string; width: number; height: number };

export function StoreMark({ name, logo }: { name: string; logo?: HeaderLogo | null }) {
  if (!logo) return <>{name}</>;
  return (
    <img
      src={logo.src}
      alt={name}
      width={logo.width}
      height={logo.height}
      className="block h-8 w-auto max-w-[10rem] object-contain"
      decoding="async"
    />
  );
}
