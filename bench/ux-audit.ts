/**
 * `npm run ux:audit`: drives every form, /start, /help, /settings, /tasks, /balance, /apikey, every task
 * card and result, the generation service's forms, cards, results, /account, /gallery and /queue, and
 * /glossary with the cards it shows on, in en, uk and ru, reads the locale files, and prints, per
 * language, how many codes, stray Latin words, wrong plurals, double full stops, repeated sentences,
 * service-made words and other names for a job a user would read, and where. The target is 0 for each;
 * test/bot/ux-audit.test.ts fails on any.
 */
import { auditWords, FINDING_KINDS } from "../test/support/ux-audit.js";

const LABELS: Record<(typeof FINDING_KINDS)[number], string> = {
  code: "codes",
  latin: "Latin words",
  plural: "plurals",
  punctuation: "double stops",
  repeat: "repeated sentences",
  service: "service words",
  name: "other job names",
};

const findings = await auditWords();
let total = 0;
for (const [locale, list] of Object.entries(findings)) {
  const count = (kind: string) => list.filter((finding) => finding.kind === kind).length;
  console.log(`${locale}: ${FINDING_KINDS.map((kind) => `${LABELS[kind]} ${count(kind)}`).join(", ")}`);
  const seen = new Set<string>();
  for (const finding of list) {
    const line = `  ${finding.kind} "${finding.word}" in ${finding.where}`;
    if (!seen.has(line)) console.log(line);
    seen.add(line);
  }
  total += list.length;
}
process.exitCode = total === 0 ? 0 : 1;
