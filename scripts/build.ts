/**
 * The production build (`npm run build`): the bot and its dependencies bundled by esbuild into dist/, so a
 * start reads a few files instead of resolving and compiling hundreds of modules. What only some updates
 * or modes need (the playground, BullMQ, media codecs, file sniffing, the generation service's side) stays
 * behind its dynamic import and so in chunks of its own, loaded when first used.
 *
 * dist/ keeps the repository's layout for what the code reads beside itself (catalog/, locales/, the
 * playground's page and fixtures): each bundled file's `import.meta.url` is rewritten to where that file
 * would lie in dist/, so paths such as `new URL("../../locales", import.meta.url)` hold in the bundle too.
 *
 *   npm run build            then: node dist/main.js
 *   npm run build -- --outdir <dir> --metafile <file.json>   (the module test builds into a folder of its own)
 */
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build, type Plugin } from "esbuild";
import { z } from "zod";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const { values } = parseArgs({
  options: { outdir: { type: "string", default: "dist" }, metafile: { type: "string" } },
});
const outdir = path.resolve(ROOT, values.outdir);

/** Files the program reads beside its code, copied to the same places under dist/. */
const ASSETS = ["catalog", "locales", "dev/chat-page/public", "dev/fixtures"];

/**
 * CommonJS dependencies inside an ES module bundle still call require() and read __dirname; this gives
 * every output file its own.
 */
const COMMONJS_GLOBALS = [
  'import { createRequire as __bundleRequire } from "node:module";',
  'import { dirname as __bundleDirname } from "node:path";',
  'import { fileURLToPath as __bundlePath } from "node:url";',
  "const require = __bundleRequire(import.meta.url);",
  "const __filename = __bundlePath(import.meta.url);",
  "const __dirname = __bundleDirname(__filename);",
].join("\n");

/** `import.meta.url` of each of the program's own files: that file's place in dist/, not the bundle's. */
const ownFileUrls: Plugin = {
  name: "own-file-urls",
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async (file) => {
      const source = await readFile(file.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const inDist = path.relative(ROOT, file.path).replace(/\.ts$/, ".js").split(path.sep).join("/");
      return {
        contents: source.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(inDist)}, import.meta.url).href`,
        ),
        loader: "ts",
      };
    });
  },
};

/**
 * Dependencies' code the bot never runs, left out of the bundle: zod's messages in some forty languages
 * (the bot reads only its English ones, which zod sets up itself); node-fetch with the URL polyfill and
 * Unicode tables it carries (grammY's default transport and file download on Node versions without a
 * fetch of their own; the bot hands grammY its own transport, and Node 20 has fetch); and the parts of
 * prom-client beyond its registry, counters, gauges and histograms (the default process metrics with the
 * OpenTelemetry API they read, summaries, the push gateway client and the cluster aggregator), which
 * its index loads at start with Node's cluster, child_process and zlib modules.
 */
const PROM_CLIENT_UNUSED = /[\\/]prom-client[\\/]lib[\\/](defaultMetrics|summary|pushgateway|cluster)\.js$/;

const unusedDependencyCode: Plugin = {
  name: "unused-dependency-code",
  setup(context) {
    context.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (file) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
      resolveDir: path.dirname(file.path),
    }));
    context.onResolve({ filter: /^node-fetch$/ }, () => ({ path: "node-fetch", namespace: "node-fetch" }));
    // Node loads its own fetch when the global is first read: not at start, only if ever called.
    context.onLoad({ filter: /.*/, namespace: "node-fetch" }, () => ({
      contents: "export default (...args) => globalThis.fetch(...args);",
      loader: "js",
    }));
    context.onLoad({ filter: PROM_CLIENT_UNUSED }, (file) => ({
      contents: `module.exports = () => { throw new Error(${JSON.stringify(
        `prom-client's ${path.basename(file.path, ".js")} is left out of the bundle (scripts/build.ts)`,
      )}); };`,
      loader: "js",
    }));
  },
};

const requireHere = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The names a CommonJS module exports (loaded here, as Node would); undefined for an ES module. */
async function commonJsExports(file: string): Promise<string[] | undefined> {
  // Unbundled, the file is the build's only input; esbuild tells its format from its syntax.
  const { metafile } = await build({ entryPoints: [file], write: false, metafile: true, logLevel: "silent" });
  if (Object.values(metafile.inputs)[0]?.format === "esm") return undefined;
  const loaded: unknown = requireHere(file);
  if ((typeof loaded !== "object" && typeof loaded !== "function") || loaded === null) return [];
  return Object.keys(loaded).filter((name) => IDENTIFIER.test(name) && name !== "default");
}

/**
 * `await import("undici")` of a CommonJS package gives its named exports in Node (which reads them
 * from the source) but only `default` from a chunk of an esbuild bundle. A dynamic import of a
 * CommonJS package is bundled as a module that names each export the package has when loaded here.
 */
const namedCommonJsExports: Plugin = {
  name: "named-commonjs-exports",
  setup(context) {
    const PluginData = z.object({ names: z.array(z.string()), resolveDir: z.string() });
    context.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const resolved = await context.resolve(args.path, {
        kind: "import-statement",
        resolveDir: args.resolveDir,
      });
      if (resolved.errors.length > 0 || resolved.external) return undefined;
      const names = await commonJsExports(resolved.path);
      if (names === undefined) return undefined;
      return {
        path: args.path,
        namespace: "named-commonjs",
        pluginData: { names, resolveDir: args.resolveDir },
      };
    });
    context.onLoad({ filter: /.*/, namespace: "named-commonjs" }, (args) => {
      const { names, resolveDir } = PluginData.parse(args.pluginData);
      return {
        contents: [
          `import __commonJs from ${JSON.stringify(args.path)};`,
          "export default __commonJs;",
          ...(names.length > 0 ? [`export const { ${names.join(", ")} } = __commonJs;`] : []),
        ].join("\n"),
        loader: "js",
        resolveDir,
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { main: "src/launch.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Packages that ship both take their ES module build (BullMQ's CommonJS one loses its named exports
  // behind a dynamic import).
  mainFields: ["module", "main"],
  sourcemap: "linked",
  minifyWhitespace: true,
  minifySyntax: true,
  // msgpackr (BullMQ) uses this native add-on when it is installed and works without it.
  external: ["msgpackr-extract"],
  banner: { js: COMMONJS_GLOBALS },
  plugins: [ownFileUrls, unusedDependencyCode, namedCommonJsExports],
  metafile: values.metafile !== undefined,
  logLevel: "warning",
});
for (const asset of ASSETS) {
  await mkdir(path.dirname(path.join(outdir, asset)), { recursive: true });
  await cp(path.join(ROOT, asset), path.join(outdir, asset), { recursive: true });
}
// The bundle is ES modules wherever dist/ is copied, with or without the repository's package.json.
await writeFile(path.join(outdir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
if (values.metafile !== undefined && result.metafile) {
  await writeFile(path.resolve(ROOT, values.metafile), JSON.stringify(result.metafile));
}
