/** Per-page title, description, canonical URL, Open Graph and Twitter tags in one call. */
import type { MetaDescriptor } from 'react-router';

type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page (origin from the root loader + path). */
  url: string;
  /** Absolute URL of the preview image. */
  image?: string;
  type?: 'website' | 'product';
  storeName?: string;
};

export function pageMeta({ title, description, url, image, type = 'website', storeName }: PageMeta): MetaDescriptor[] {
  const fullTitle = storeName && !title.includes(storeName) ? `${title} | ${storeName}` : title;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: type },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (storeName) tags.push({ property: 'og:site_name', content: storeName });
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  return tags;
}

/** A page search engines should not list (sign-in, sign-up, a reset): its title and description only. */
export const unlistedPageMeta = (title: string, description: string): MetaDescriptor[] => [
  { title },
  { name: 'description', content: description },
  { name: 'robots', content: 'noindex' },
];

/** Canonical URL: origin + path, keeping only the query keys that change what the page shows. */
export function canonicalUrl(origin: string, pathname: string, search?: URLSearchParams, keep: string[] = []): string {
  const params = new URLSearchParams();
  for (const key of keep) {
    const value = search?.get(key);
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return `${origin}${pathname}${query ? `?${query}` : ''}`;
}
