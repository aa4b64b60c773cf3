import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Api, HttpError, InputFile } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { botApiClient } from "../../../src/telegram/client-policy.js";

interface Received {
  method: string;
  contentType: string;
  body: string;
}

/** A Bot API stand-in that counts the connections it is given and answers every call with a message. */
async function startBotApi(answer: (request: Received) => string) {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const call = {
      method: request.url?.split("/").pop() ?? "",
      contentType: request.headers["content-type"] ?? "",
      body: Buffer.concat(chunks).toString("utf8"),
    };
    received.push(call);
    response.writeHead(200, { "content-type": "application/json" }).end(answer(call));
  });
  server.on("connection", () => {
    connections += 1;
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

const MESSAGE = JSON.stringify({
  ok: true,
  result: { message_id: 7, date: 1, chat: { id: 1, type: "private" }, text: "ok" },
});

describe("the Bot API transport", () => {
  let botApi: Awaited<ReturnType<typeof startBotApi>>;
  afterEach(async () => {
    await botApi?.close();
  });

  describe("on an answering Bot API", () => {
    beforeEach(async () => {
      botApi = await startBotApi(() => MESSAGE);
    });

    it("keeps its connections open for the next calls", async () => {
      const api = new Api("1:test", botApiClient(botApi.apiRoot));
      for (let call = 0; call < 6; call++) {
        const sent = await api.sendMessage(1, `hello ${call}`);
        expect(sent.message_id).toBe(7);
      }
      expect(botApi.received.map((call) => call.method)).toEqual(Array(6).fill("sendMessage"));
      // A call may start before the one it follows has handed its connection back, never more.
      expect(botApi.connections()).toBeLessThanOrEqual(2);
    });

    it("sends a file as a multipart upload", async () => {
      const api = new Api("1:test", botApiClient(botApi.apiRoot));
      await api.sendDocument(1, new InputFile(Buffer.from("line one\nline two\n"), "notes.txt"));
      const [upload] = botApi.received;
      expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload?.body).toContain(";filename=notes.txt");
      expect(upload?.body).toContain("line one\nline two\n");
    });
  });

  it("stops waiting for a call that is aborted on its way", async () => {
    const abort = new AbortController();
    botApi = await startBotApi(() => {
      abort.abort();
      return MESSAGE;
    });
    const api = new Api("1:test", botApiClient(botApi.apiRoot));
    // grammY types a call's signal as its abort-controller polyfill's; a native one is what it gets.
    const signal = abort.signal as unknown as Parameters<typeof api.sendMessage>[3];
    await expect(api.sendMessage(1, "hello", {}, signal)).rejects.toBeInstanceOf(HttpError);
  });

  it("fails a call whose answer is not the Bot API's JSON as a network error", async () => {
    botApi = await startBotApi(() => "<html>502 Bad Gateway</html>");
    const api = new Api("1:test", botApiClient(botApi.apiRoot));
    await expect(api.sendMessage(1, "hello")).rejects.toBeInstanceOf(HttpError);
  });
});
