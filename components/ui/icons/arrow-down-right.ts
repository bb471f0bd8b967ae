/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowDownRight = icon("ArrowDownRight", [["path",{"d":"m7 7 10 10"}],["path",{"d":"M17 7v10H7"}]]);
