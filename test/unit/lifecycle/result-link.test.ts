/**
 * Result links of both services are read only at https or at the service's own origin; an answer that is
 * no success is the caller's error, made with that answer (its status and headers).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestResult } from "../../../src/lifecycle/result-link.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(): Promise<{ origin: string; paths: string[] }> {
  const paths: string[] = [];
  server = createServer((request, response) => {
    paths.push(request.url ?? "");
    if (request.url === "/gone") response.writeHead(429, { "retry-after": "3" }).end("slow down");
    else response.end("the file");
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

const made = (message: string, answer?: { statusCode: number; headers: Record<string, unknown> }) =>
  Object.assign(new Error(message), {
    status: answer?.statusCode,
    retryAfter: answer?.headers["retry-after"],
  });

describe("a result link", () => {
  it("at plain http elsewhere than the service is refused without a request", async () => {
    const { origin, paths } = await serve();
    await expect(
      requestResult(`${origin}/file`, "GET", "http://service.example", made),
    ).rejects.toMatchObject({
      message: `result address refused: ${origin}`,
      status: undefined,
    });
    expect(paths).toEqual([]);
  });

  it("at the service's origin is read, and a failing answer becomes the caller's error with it", async () => {
    const { origin, paths } = await serve();
    const answer = await requestResult(`${origin}/file`, "GET", origin, made);
    expect(await answer.body.text()).toBe("the file");
    await expect(requestResult(`${origin}/gone`, "GET", origin, made)).rejects.toMatchObject({
      message: "result answered HTTP 429",
      status: 429,
      retryAfter: "3",
    });
    expect(paths).toEqual(["/file", "/gone"]);
  });
});
