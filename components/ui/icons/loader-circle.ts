/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */
import { icon } from "../icon";

export const Loader2Icon = icon("Loader2Icon", [["path",{"d":"M21 12a9 9 0 1 1-6.219-8.56"}]]);
export const LoaderCircle = Loader2Icon;
