import { CARD_SIZES } from '@openvisit/contract';

/** Badge paper (spec section 9) as CSS sizes: the 90×60 mm sleeve, 4-inch and 5-inch label paper. */
export function badgeSize(cardSize: number): { widthMm: number; heightMm: number } {
  return CARD_SIZES[cardSize as keyof typeof CARD_SIZES] ?? CARD_SIZES[0];
}
