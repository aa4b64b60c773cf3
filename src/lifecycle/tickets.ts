/**
 * Tickets: the secret each task and each generation batch is known by. The ticket is the callback
 * address of its job on the service, so everything else names it by its tag.
 */
import { createHash, randomBytes } from "node:crypto";

export function newTicket(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * A ticket as everything but its callback address names it: log lines, job ids and the data of result
 * buttons. 72 bits of its SHA-256, enough to tell tickets apart and to find one in the logs, useless for
 * sending a callback (the ticket itself is that capability).
 */
export function ticketTag(ticket: string): string {
  return createHash("sha256").update(ticket).digest("base64url").slice(0, 12);
}
