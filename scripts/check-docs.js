// Keeps the docs readable and the repository self-contained (run by `npm run lint`):
// - docs/ stays under DOCS_WORD_LIMIT words in all, each decision under DECISION_WORD_LIMIT;
// - no tracked text names a work item ("issue 12", "deliverable 3") or an outside specification
//   ("SPEC", "../shared"): a reader of the repository has neither, so text says what a thing is.
// Usage: node scripts/check-docs.js   (exit 1 with one line per problem)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const DOCS_WORD_LIMIT = 15_000;
export const DECISION_WORD_LIMIT = 300;

/** Words as `wc -w` counts them: runs of non-blank characters. */
export function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

const BANNED = [
  { pattern: /\bissues? #?\d+/i, says: "names a work item" },
  { pattern: /\bdeliverables? #?\d+/i, says: "names a work item" },
  { pattern: /\bSPEC(\.md)?\b/, says: "cites a specification the repository does not have" },
  { pattern: /\bthe spec\b/i, says: "cites a specification the repository does not have" },
  { pattern: /\.\.\/shared\b/, says: "cites a file outside the repository" },
];

/** The lines of one file's text that hold a banned reference: `{line, says, text}` for each. */
export function bannedReferences(text) {
  const found = [];
  text.split("\n").forEach((line, index) => {
    const hit = BANNED.find(({ pattern }) => pattern.test(line));
    if (hit) found.push({ line: index + 1, says: hit.says, text: line.trim().slice(0, 120) });
  });
  return found;
}

/** Every problem in the given files: `{ path: text }` of the docs and of every other tracked text file. */
export function docsProblems(docs, others) {
  const problems = [];
  let total = 0;
  for (const [path, text] of Object.entries(docs)) {
    const words = wordCount(text);
    total += words;
    if (path.startsWith("docs/decisions/") && words > DECISION_WORD_LIMIT)
      problems.push(`${path}: ${words} words, a decision is at most ${DECISION_WORD_LIMIT}`);
  }
  if (total >= DOCS_WORD_LIMIT) problems.push(`docs/: ${total} words in all, the limit is under ${DOCS_WORD_LIMIT}`);
  for (const [path, text] of Object.entries({ ...docs, ...others }))
    for (const hit of bannedReferences(text)) problems.push(`${path}:${hit.line}: ${hit.says}: ${hit.text}`);
  return { problems, total };
}

// This file and its test state the patterns it bans; the lock file and binary assets are not prose.
const SKIPPED =
  /^(scripts\/check-docs\.js|test\/unit\/check-docs\.test\.ts|package-lock\.json)$|\.(png|jpe?g|webp|gif|ico|woff2?|mp4|webm|br|gz|zip)$/;

function main() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((path) => path && !SKIPPED.test(path));
  const docs = {};
  const others = {};
  for (const path of tracked) {
    let text;
    try {
      text = readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (path.startsWith("docs/") && path.endsWith(".md")) docs[path] = text;
    else others[path] = text;
  }
  const { problems, total } = docsProblems(docs, others);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`docs: ${total} words; no references to work items or outside files`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
