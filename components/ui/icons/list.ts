/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const List = icon("List", [["path",{"d":"M3 5h.01"}],["path",{"d":"M3 12h.01"}],["path",{"d":"M3 19h.01"}],["path",{"d":"M8 5h13"}],["path",{"d":"M8 12h13"}],["path",{"d":"M8 19h13"}]]);
