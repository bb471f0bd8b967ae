/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ChevronDown = icon("ChevronDown", [["path",{"d":"m6 9 6 6 6-6"}]]);
export const ChevronDownIcon = ChevronDown;
