import { Link } from 'react-router';
import { swatchOf, type ColourSwatch } from '~/lib/catalog/colours';

type Props = {
  colors: readonly string[];
  swatches: readonly ColourSwatch[];
  /** The colour the page shows (`?colour=`), or null. */
  chosen: string | null;
};

/**
 * A link per colour (`?colour=…`) for a product with photos per colour (decision 0034): the server puts that
 * colour's photos first and preselects it, so it works as a plain link; with JavaScript the router loads it in place.
 */
export function ColourPhotoLinks({ colors, swatches, chosen }: Props) {
  return (
    <nav aria-label="Photos by colour" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {colors.map((colour) => (
          <li key={colour}>
            <Link
              to={`?colour=${encodeURIComponent(colour)}`}
              replace
              preventScrollReset
              aria-current={colour === chosen ? 'true' : undefined}
              className={`flex h-9 items-center gap-2 border px-3 text-xs ${colour === chosen ? 'border-ink' : 'border-line hover:border-ink'}`}
            >
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full border border-neutral-300"
                style={{ backgroundColor: swatchOf(swatches, colour) }}
              />
              {colour}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
