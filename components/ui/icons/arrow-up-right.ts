/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowUpRight = icon("ArrowUpRight", [["path",{"d":"M7 7h10v10"}],["path",{"d":"M7 17 17 7"}]]);
