/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const Plus = icon("Plus", [["path",{"d":"M5 12h14"}],["path",{"d":"M12 5v14"}]]);
