/**
 * `npm start`: the bot as the production image runs it, the bundle of `npm run build` (dist/main.js),
 * which starts in a fraction of the time tsx takes to compile the sources on load. The bundle is built
 * first when it is missing or older than any of the files it is made from, so an edit or a pull is
 * always what runs. Plain JavaScript, so that nothing has to be compiled before the check itself.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE = path.join(ROOT, "dist", "main.js");
/** What the bundle is made from: the build's inputs and the assets it copies beside itself. */
const SOURCES = ["src", "dev", "catalog", "locales", "scripts/build.ts", "package.json", "package-lock.json"];

/** The newest modification time under a file or folder, in ms; 0 for one that does not exist. */
function newestChange(where) {
  let stat;
  try {
    stat = statSync(where);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(where, { withFileTypes: true })) {
    newest = Math.max(newest, newestChange(path.join(where, entry.name)));
  }
  return newest;
}

const built = newestChange(BUNDLE);
if (built === 0 || SOURCES.some((source) => newestChange(path.join(ROOT, source)) > built)) {
  process.stderr.write("Building the bot (npm run build)…\n");
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(BUNDLE).href);
