/**
 * The Overview's cards are tighter on a phone than the default card (less padding, smaller gaps), so
 * that the figures, the balances and the latest transactions come within two screens (app/globals.css,
 * `.ov-card`, `.ov-pad`).
 */
export const OVERVIEW_CARD = "ov-card";
/** A header's or content's side padding in an Overview card. */
export const OVERVIEW_PAD = "ov-pad";
