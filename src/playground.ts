/** What the composition root needs of the playground outside its dynamic import of the development stack. */
import { generateApiKey } from "./accounts/api-key.js";
import type { KeyRegistry } from "./accounts/registry.js";

/** The playground's operator account, which pays for voice samples as VOICE_SAMPLE_API_KEY's does in production. */
const PLAYGROUND_SAMPLE_ACCOUNT = Number.MAX_SAFE_INTEGER;

export async function playgroundSampleKey(registry: KeyRegistry, prefix: string): Promise<string> {
  // Key ids are random: a taken one is drawn again, and three in a row taken means something else is wrong.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { apiKey } = generateApiKey(prefix);
    if (await registry.register(apiKey, PLAYGROUND_SAMPLE_ACCOUNT, new Date())) return apiKey;
  }
  throw new Error("no free key id for the playground's voice samples");
}

export function announcePlayground(url: string, generationSandbox: boolean): void {
  const line = "=".repeat(72);
  const world = generationSandbox
    ? "  PLAYGROUND: a local Telegram emulator, a local Media Task Service sandbox and a local\n" +
      "  Image and Video Generation Service sandbox (your generation account is linked for you).\n"
    : "  PLAYGROUND: a local Telegram emulator and a local Media Task Service sandbox; images come\n" +
      "  from the Image and Video Generation Service at GENERATION_BASE_URL.\n";
  process.stdout.write(
    `\n${line}\n${world}` +
      `  Nothing is persisted; every start is a fresh world.\n\n  Open ${url} to chat with the bot.\n${line}\n\n`,
  );
}
