/**
 * The production bundle's entry (`node dist/main.js`, see scripts/build.ts): it turns on Node's compile
 * cache where the runtime has it (Node 22.1 and later; 20 has none), so a restart reuses V8's compiled code
 * of the bundle instead of compiling it again, and only then loads the bot, whose code the cache covers.
 * `npm start` runs src/main.ts directly.
 */
import nodeModule from "node:module";

if ("enableCompileCache" in nodeModule && typeof nodeModule.enableCompileCache === "function") {
  nodeModule.enableCompileCache();
}
await import("./main.js");
