/**
 * The Overview's cards are tighter on a phone than the default card (less padding, smaller gaps), so
 * that the figures, the balances and the latest transactions come within two screens.
 */
export const OVERVIEW_CARD = "gap-3 py-4 sm:gap-4 sm:py-6";
/** A header's or content's side padding in an Overview card. */
export const OVERVIEW_PAD = "px-4 sm:px-6";
