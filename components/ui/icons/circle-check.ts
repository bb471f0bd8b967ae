/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const CheckCircle2 = icon("CheckCircle2", [["circle",{"cx":"12","cy":"12","r":"10"}],["path",{"d":"m16 9-5.5 5.5L8 12"}]]);
export const CircleCheck = CheckCircle2;
export const CircleCheckIcon = CheckCircle2;
