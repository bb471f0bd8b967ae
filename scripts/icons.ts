/**
 * Writes components/ui/icons/: the lucide icons the code imports from "@/components/ui/icons"
 * (every name imported anywhere under app/, components/ and lib/), each with lucide-react's own
 * node data for it (its `__iconData`, found through lucide-react's index of names and aliases),
 * drawn by components/ui/icon.tsx. Run `npx tsx scripts/icons.ts` after importing an icon not used
 * before; test/ui/icon.test.ts checks that the folder is current.
 */
import fs from "node:fs";
import path from "node:path";
import { buildIcons, currentIcons, ICONS_DIR } from "../lib/icons/build";

const { files, names } = await buildIcons();
fs.mkdirSync(ICONS_DIR, { recursive: true });
for (const f of currentIcons().keys()) if (!files.has(f)) fs.rmSync(path.join(ICONS_DIR, f));
for (const [f, source] of files) fs.writeFileSync(path.join(ICONS_DIR, f), source);
console.log(`${ICONS_DIR}: ${names.length} icons in ${files.size - 2} modules`);
