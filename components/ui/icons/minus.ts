/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const Minus = icon("Minus", [["path",{"d":"M5 12h14"}]]);
