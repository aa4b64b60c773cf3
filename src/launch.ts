/**
 * The production bundle's entry (scripts/build.ts): Node's compile cache (22.1 and later) is turned on
 * before the bot loads, so a restart reuses V8's compiled code. `npm start` runs src/main.ts directly.
 */
import nodeModule from "node:module";

if ("enableCompileCache" in nodeModule && typeof nodeModule.enableCompileCache === "function") {
  nodeModule.enableCompileCache();
}
await import("./main.js");
