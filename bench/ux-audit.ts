/**
 * `npm run ux:audit`: drives every form, /settings, /tasks, /balance and /apikey in en, uk and ru and
 * prints, per language, how many codes, stray Latin words and wrong plurals a user would read, and where.
 * The target is 0 for each; test/unit/bot/ux-audit.test.ts fails on any.
 */
import { auditWords } from "../test/support/ux-audit.js";

const findings = await auditWords();
let total = 0;
for (const [locale, list] of Object.entries(findings)) {
  const count = (kind: string) => list.filter((finding) => finding.kind === kind).length;
  console.log(`${locale}: codes ${count("code")}, Latin words ${count("latin")}, plurals ${count("plural")}`);
  const seen = new Set<string>();
  for (const finding of list) {
    const line = `  ${finding.kind} "${finding.word}" in ${finding.where}`;
    if (!seen.has(line)) console.log(line);
    seen.add(line);
  }
  total += list.length;
}
process.exitCode = total === 0 ? 0 : 1;
