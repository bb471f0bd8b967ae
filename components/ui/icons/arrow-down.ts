/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowDown = icon("ArrowDown", [["path",{"d":"M12 5v14"}],["path",{"d":"m19 12-7 7-7-7"}]]);
