/**
 * Addresses at this bot's public URL. Where a service calls back about one ticket: `<public url>/hooks/<service>/<ticket>`. Loopback http is
 * fine for a local sandbox; anything else must be https (both services' rule), or no hook is given.
 */
export function hookUrlFor(
  publicUrl: string | undefined,
  service: "tasks" | "generations",
  ticket: string,
): string | undefined {
  if (!publicUrl) return undefined;
  const url = new URL(`${publicUrl}/hooks/${service}/${ticket}`);
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  return url.protocol === "https:" || loopback ? url.toString() : undefined;
}

/** Where this bot's HTTP server serves the picture an inline image shows while it is being made. */
export const INLINE_PLACEHOLDER_PATH = "/inline/placeholder.jpg";

/** The placeholder's address at this bot's public URL, which Telegram fetches. */
export function inlinePlaceholderUrlAt(publicUrl: string | undefined): string | undefined {
  return publicUrl ? `${publicUrl}${INLINE_PLACEHOLDER_PATH}` : undefined;
}
