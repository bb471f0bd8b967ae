/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ChevronLeft = icon("ChevronLeft", [["path",{"d":"m15 18-6-6 6-6"}]]);
