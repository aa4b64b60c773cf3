import { once } from "node:events";
import { createServer } from "node:net";

/**
 * A base URL whose connections are refused for as long as it is held. A port that was merely free a
 * moment ago can be taken by another test's server in between; this one stays bound on 127.0.0.1, so no
 * one else can listen on it, while the URL points at 127.0.0.2, where nothing listens.
 */
export async function refusingAddress(): Promise<{ url: string; release(): Promise<void> }> {
  const holder = createServer();
  holder.listen(0, "127.0.0.1");
  await once(holder, "listening");
  const address = holder.address();
  if (address === null || typeof address === "string") throw new Error("no TCP port was bound");
  return {
    url: `http://127.0.0.2:${address.port}`,
    async release() {
      holder.close();
      await once(holder, "close");
    },
  };
}
