/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowDownLeft = icon("ArrowDownLeft", [["path",{"d":"M17 7 7 17"}],["path",{"d":"M17 17H7V7"}]]);
