import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COMPILED_BOT } from "../../bench/bot-process.js";

describe("the production image", () => {
  it("starts the bot exactly as the benchmarks measure it", () => {
    const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command).toBeDefined();
    const argv = z.array(z.string()).parse(JSON.parse(command ?? "[]"));
    expect(argv).toEqual(["node", ...COMPILED_BOT.nodeFlags, COMPILED_BOT.script]);
  });
});
