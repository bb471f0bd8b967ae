/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const ArrowLeft = icon("ArrowLeft", [["path",{"d":"m12 19-7-7 7-7"}],["path",{"d":"M19 12H5"}]]);
