/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const CircleIcon = icon("CircleIcon", [["circle",{"cx":"12","cy":"12","r":"10"}]]);
