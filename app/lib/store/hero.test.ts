import { describe, expect, it } from 'vitest';
import { heroImageSources } from './hero';

describe('heroImageSources', () => {
  it('offers every stored width up to the one named', () => {
    expect(heroImageSources('/media/hero/slide_1-1280.webp')).toEqual({
      src: '/media/hero/slide_1-1280.webp',
      srcSet:
        '/media/hero/slide_1-320.webp 320w, /media/hero/slide_1-640.webp 640w, ' +
        '/media/hero/slide_1-960.webp 960w, /media/hero/slide_1-1280.webp 1280w',
    });
    expect(heroImageSources('/media/hero/a-b-640.webp').srcSet).toBe(
      '/media/hero/a-b-320.webp 320w, /media/hero/a-b-640.webp 640w',
    );
  });

  it('leaves any other URL alone', () => {
    for (const url of [
      'https://cdn.example/hero.jpg',
      '/media/hero/x-1000.webp',
      '/media/hero/x.webp',
      '/images/hero-1280.webp',
      '',
    ]) {
      expect(heroImageSources(url)).toEqual({ src: url });
    }
  });
});
