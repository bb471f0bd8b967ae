/** Writes lib/class-merge/table.ts (see lib/class-merge/build-table.ts). */
import fs from "node:fs";
import { buildTable, TABLE_FILE } from "../lib/class-merge/build-table";

const { source, classes } = buildTable();
fs.writeFileSync(TABLE_FILE, source);
console.log(`${TABLE_FILE}: ${classes.length} classes, ${source.length} characters`);
