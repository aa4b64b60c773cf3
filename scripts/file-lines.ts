/**
 * Fails when a source file under src/ runs past 400 lines: one file, one reason to change, read in a few
 * screens. Biome holds the 120-line limit on functions; it has no rule for files.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX_LINES = 400;
const ROOT = "src";

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

const tooLong = sourceFiles(ROOT)
  .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines, over ${MAX_LINES}`);
if (tooLong.length > 0) process.exit(1);
console.log(`no file in ${ROOT}/ over ${MAX_LINES} lines`);
