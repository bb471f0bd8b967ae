/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const Check = icon("Check", [["path",{"d":"M20 6 9 17l-5-5"}]]);
export const CheckIcon = Check;
