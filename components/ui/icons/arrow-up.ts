/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowUp = icon("ArrowUp", [["path",{"d":"m5 12 7-7 7 7"}],["path",{"d":"M12 19V5"}]]);
