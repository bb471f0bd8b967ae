/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowRight = icon("ArrowRight", [["path",{"d":"M5 12h14"}],["path",{"d":"m12 5 7 7-7 7"}]]);
