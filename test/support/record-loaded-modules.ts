/**
 * Preloaded with `--import` (after tsx): appends the URL of every module the process loads, one a line,
 * to the file named by LOADED_MODULES_FILE. The hook runs on Node's loader thread, which shares the
 * environment, so it writes as each module loads and nothing is lost when the process exits.
 */
import { register } from "node:module";

const HOOK = `
import { appendFileSync } from "node:fs";
const file = process.env.LOADED_MODULES_FILE;
export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, url + "\\n");
  return nextLoad(url, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(HOOK)}`);
