/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ChevronRight = icon("ChevronRight", [["path",{"d":"m9 18 6-6-6-6"}]]);
export const ChevronRightIcon = ChevronRight;
