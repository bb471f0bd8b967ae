/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ChevronUpIcon = icon("ChevronUpIcon", [["path",{"d":"m18 15-6-6-6 6"}]]);
