import { ArrowDownLeft, ArrowUpRight, Repeat, ShieldCheck } from "@/components/ui/icons";
import { iconShapes } from "@/components/ui/icon";

/**
 * The icons repeated in every row of the Transactions table, drawn once (a sprite) and referenced by
 * each row (`<use href="#tx-icon-…">`, components/transactions/transactions-table.tsx): a hundred
 * inline copies of the same SVG were a fifth of the page. A server component beside the table, so
 * their shapes are in the page's HTML once and not in the browser's JavaScript.
 */
const ICONS = { verified: ShieldCheck, in: ArrowDownLeft, out: ArrowUpRight, neither: Repeat } as const;

/** What the table's rows may reference. */
export type TxIconName = keyof typeof ICONS;

export function TxIconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, Glyph]) => (
        <symbol key={name} id={`tx-icon-${name}`} viewBox="0 0 24 24">
          {iconShapes(Glyph.node)}
        </symbol>
      ))}
    </svg>
  );
}
