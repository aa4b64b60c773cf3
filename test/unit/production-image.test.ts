import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COMPILED_BOT, commandLine, NPM_START_BOT } from "../../bench/bot-process.js";

const PackageSchema = z.object({ scripts: z.object({ start: z.string(), build: z.string() }) });

describe("how the bot is started", () => {
  it("the production image starts the bundle exactly as the benchmarks measure it", () => {
    const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command).toBeDefined();
    const argv = z.array(z.string()).parse(JSON.parse(command ?? "[]"));
    expect(argv).toEqual(["node", ...COMPILED_BOT.nodeFlags, COMPILED_BOT.script]);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
  });

  it("npm start runs the bundle exactly as the update benchmark measures it", () => {
    const { scripts } = PackageSchema.parse(
      JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")),
    );
    expect(scripts.start).toBe(commandLine(NPM_START_BOT));
  });
});
