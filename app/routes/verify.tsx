import type { MetaFunction } from "@remix-run/node";
import { Link } from "~/components/ui/link";
import { ShieldCheck } from "~/components/ui/icons";
import { useState } from "react";
import { sha256Hex } from "~/components/record/commitment-check";
import { publicPageHeaders } from "~/web/public-page";
import { pageMeta } from "~/modules/seo/meta";
import { Button } from "~/components/ui/button";

/** The same for everyone: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const VERIFY_TITLE = "How picks are verified";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    VERIFY_TITLE,
    "Every pick is priced against the betting market, locked before its game, committed by a SHA-256 hash at posting and revealed at the start: check any pick yourself with one command.",
  );

const SHELL = `# Paste the committed text between the quotes, exactly as shown on the pick:
printf '%s' 'sharpside-pick-v1
post: …
salt: …' | sha256sum`;

const NODE = `// Node.js: save the committed text as pick.txt (no trailing newline)
const { createHash } = require("node:crypto");
const text = require("node:fs").readFileSync("pick.txt", "utf8");
console.log(createHash("sha256").update(text, "utf8").digest("hex"));`;

const PYTHON = `# Python 3: save the committed text as pick.txt (no trailing newline)
import hashlib
print(hashlib.sha256(open("pick.txt", encoding="utf-8").read().encode("utf-8")).hexdigest())`;

/** Paste a committed text and a commitment: the reader's own browser hashes and compares. */
function Checker() {
  const [text, setText] = useState("");
  const [commitment, setCommitment] = useState("");
  const [verdict, setVerdict] = useState<string>("");
  async function check(event: React.FormEvent) {
    event.preventDefault();
    const hash = await sha256Hex(text);
    const expected = commitment.trim().toLowerCase();
    setVerdict(
      hash === expected
        ? "It matches: this text is exactly what was committed."
        : `It does not match. The text hashes to ${hash}.`,
    );
  }
  return (
    <form onSubmit={check} className="mt-4 space-y-3">
      <div>
        <label htmlFor="committed-text" className="block text-sm font-semibold text-slate-800">
          Committed text
        </label>
        <textarea
          id="committed-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          className="mt-1 w-full rounded-lg border border-slate-300 p-2 font-mono text-xs"
        />
      </div>
      <div>
        <label htmlFor="commitment" className="block text-sm font-semibold text-slate-800">
          Commitment (SHA-256)
        </label>
        <input
          id="commitment"
          value={commitment}
          onChange={(event) => setCommitment(event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 p-2 font-mono text-xs"
        />
      </div>
      <Button variant="ink" type="submit">
        Check
      </Button>
      <p role="status" className="text-sm font-semibold text-slate-800">
        {verdict}
      </p>
    </form>
  );
}

const Code = ({ children, label }: { children: string; label: string }) => (
  <pre
    aria-label={label}
    className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
  >
    <code>{children}</code>
  </pre>
);

export default function VerifyPage() {
  return (
    <div className="container-page py-6 lg:py-8">
      <article className="prose-page mx-auto max-w-content space-y-6 text-slate-800">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-slate-900">
          <ShieldCheck className="size-6 text-brand-700" aria-hidden="true" />
          {VERIFY_TITLE}
        </h1>
        <p>A betting record is only worth something if nobody can doctor it. What that means when you read a pick:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>It was posted before its game started, and the page says how long before.</li>
          <li>Its side, line, odds and stake can never be edited, and it is never deleted.</li>
          <li>It is graded from the game&apos;s final score, not by the expert.</li>
          <li>
            Props, which no score can grade, are marked <em>self-reported</em> and kept out of the record.
          </li>
        </ul>
        <h2 className="text-xl font-bold text-slate-900">The five rules, in detail</h2>
        <p>These are enforced by the server and the database itself, for every pick, whoever sends it:</p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            <strong>A bet the market offered.</strong> A moneyline, spread or total must match the betting market for
            its game when it is posted, priced against lines at most minutes old: its line within 1.5 points of the line
            most bookmakers offer, its price never better than the best price any bookmaker offered (each half point
            bought off the market&apos;s line costs 10 cents in full, 25 on or off a spread of 3 or 7). A game without
            fresh market lines takes no such pick. An expert holds one side of a game: never both sides of its moneyline
            and spread, nor the over and the under. A parlay&apos;s legs are on different games and it pays at most
            +10000.
          </li>
          <li>
            <strong>Locked before the game.</strong> A pick names its game and market. The server refuses it once the
            game has started, stamps the time it was posted with its own clock, and every pick shows how long before the
            start it went out.
          </li>
          <li>
            <strong>Never edited, never deleted.</strong> Once posted, a pick&apos;s selection, line, odds and stake
            cannot change. For a mistake the expert may withdraw it within minutes of posting: it stays on the record,
            marked withdrawn, and withdrawals are counted beside the record. After that it stands, and after the start
            nothing changes but its grade. Triggers in the database refuse any other write, whoever sends it.
          </li>
          <li>
            <strong>Graded from the final score.</strong> Games, lines and final scores come from our sports-data
            provider. Moneylines, spreads, totals and parlays are graded automatically from the final score; cancelled
            games are void. A result is corrected only by an admin, with a reason shown on every pick it regrades, and
            the correction is added to the game&apos;s history rather than written over it. Props, which no score can
            grade, are graded by the expert once the game is over and shown apart as <em>self-reported</em>: they count
            in none of the verified figures nor on the leaderboard.
          </li>
          <li>
            <strong>Committed, then revealed.</strong> At posting, the pick&apos;s exact content plus a secret random
            salt is written down as a text and its SHA-256 hash (the commitment) is published on the pick for everyone,
            subscriber or not. When the game starts the text itself, salt included, is revealed. If the text hashes to
            the commitment, the subscriber-only pick is exactly what was committed before the game.
          </li>
        </ol>

        <section aria-labelledby="how-heading">
          <h2 id="how-heading" className="text-xl font-bold text-slate-900">
            Check a pick yourself
          </h2>
          <p className="mt-2">
            Open any pick and its &ldquo;Verify this pick&rdquo; box. Before the start you see the commitment; note it
            down or take a screenshot. After the start, copy the committed text and hash it with the checker below (it
            runs in your browser; nothing is sent to us) or with your own tools:
          </p>
          <Checker />
          <details className="mt-4 rounded-lg border border-slate-200 bg-white px-3 open:pb-3">
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
              Check it with your own tools (shell, Node.js, Python)
            </summary>
            <Code label="Shell (Linux, macOS)">{SHELL}</Code>
            <Code label="Node.js">{NODE}</Code>
            <Code label="Python">{PYTHON}</Code>
          </details>
          <p className="mt-2">
            The result must equal the commitment you noted. Then read the text: its lines name the pick, the expert, the
            posting time, the market, the selection, the odds, the units and each leg (game id, market, side, line,
            odds), and they must match what the pick shows.
          </p>
        </section>

        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="text-xl font-bold text-slate-900">
            How the figures are computed
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>
              Units are risk-based: a one-unit loss is −1 whatever the odds; a one-unit win at −110 is +0.91, at +150 it
              is +1.5.
            </li>
            <li>
              ROI is units won divided by units risked on wins, losses and pushes. Win rate is wins ÷ (wins + losses).
            </li>
            <li>A parlay with a pushed or void leg pays at the odds of its remaining legs.</li>
            <li>
              Closing-line value (CLV): how many percentage points of implied probability the pick gained against the
              closing odds, when they are known.
            </li>
            <li>
              The{" "}
              <Link to="/leaderboard" className="font-semibold text-brand-700 underline">
                leaderboard
              </Link>{" "}
              ranks by units ÷ √(sum of squared stakes), a z-score of profit, so a long steady record outranks a short
              lucky one; at least 20 graded picks in the window are needed.
            </li>
          </ul>
        </section>
      </article>
    </div>
  );
}
