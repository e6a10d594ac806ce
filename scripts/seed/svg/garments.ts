/** Every garment shape the demo pictures use, by name. */
import { BAG, BELT, CAP } from './accessories';
import { CARGO, DRESS_SLIP, TROUSERS } from './bottoms';
import type { Garment } from './kit';
import { BOMBER_JACKET, OVERCOAT } from './outerwear';
import { SNEAKER } from './shoes';
import { HOODIE, SHIRT, TEE } from './tops';

export const GARMENTS = {
  shirt: SHIRT,
  tee: TEE,
  trousers: TROUSERS,
  cargo: CARGO,
  dress: DRESS_SLIP,
  bag: BAG,
  cap: CAP,
  belt: BELT,
  sneaker: SNEAKER,
  bomber: BOMBER_JACKET,
  coat: OVERCOAT,
  hoodie: HOODIE,
} satisfies Record<string, Garment>;

export type Shape = keyof typeof GARMENTS;
