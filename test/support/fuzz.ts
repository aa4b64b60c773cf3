/**
 * Bodies for fuzzing the HTTP ways in: random JSON of every shape, byte soup, and mutations of a valid
 * body (a field dropped, retyped or replaced), from a seeded generator so a failure can be replayed.
 */

export type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const STRANGE_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u202Eevil",
  "💥".repeat(50),
  "a".repeat(5000),
  "../../etc/passwd",
  "<script>",
  "null",
  "-1",
  "1e309",
  "__proto__",
];

export function randomJson(random: Random, depth = 0): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.15)
    return pick(random, [null, true, false, 0, -1, 1.5, 2 ** 53, Number.MAX_VALUE]);
  if (roll < 0.35) return pick(random, STRANGE_STRINGS);
  if (roll < 0.5)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
  const object: Record<string, unknown> = {};
  const keys = [
    "update_id",
    "message",
    "task_id",
    "status",
    "user_id",
    "text",
    "chat",
    "from",
    "id",
    "result_url",
  ];
  for (let index = Math.floor(random() * 5); index > 0; index -= 1) {
    object[pick(random, keys)] = randomJson(random, depth + 1);
  }
  return object;
}

/** The valid body with one leaf somewhere dropped or replaced by something of another kind. */
export function mutate(random: Random, valid: unknown): unknown {
  if (valid === null || typeof valid !== "object") return randomJson(random, 2);
  const copy: Record<string, unknown> = Array.isArray(valid) ? { ...valid } : { ...valid };
  const keys = Object.keys(copy);
  const key = pick(random, keys);
  if (key === undefined) return copy;
  const roll = random();
  if (roll < 0.3) delete copy[key];
  else if (roll < 0.6 && copy[key] !== null && typeof copy[key] === "object")
    copy[key] = mutate(random, copy[key]);
  else copy[key] = randomJson(random, 2);
  return copy;
}

export function byteSoup(random: Random): string {
  return Array.from({ length: Math.floor(random() * 200) }, () =>
    String.fromCharCode(Math.floor(random() * 0x7f)),
  ).join("");
}

/** `count` bodies as sent over the wire: a third random JSON, a third mutations, a third byte soup. */
export function fuzzBodies(seed: number, count: number, valid: unknown): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    if (index % 3 === 0) return JSON.stringify(randomJson(random)) ?? "null";
    if (index % 3 === 1) return JSON.stringify(mutate(random, valid)) ?? "null";
    return byteSoup(random);
  });
}
