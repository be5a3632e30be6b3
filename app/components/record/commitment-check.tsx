import { useState } from "react";
import { Button } from "~/components/ui/button";

/** SHA-256 of a text, hex, with the browser's own Web Crypto: the reader checks, not us. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A pick's commitment and, once its game has started, the committed text with a button that
 * hashes it in the reader's browser and compares (decision 026).
 */
export function CommitmentCheck({ commitment, committedText }: { commitment: string; committedText: string | null }) {
  const [verdict, setVerdict] = useState<"match" | "mismatch" | null>(null);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 bg-white px-3 text-sm open:pb-3">
      {/* The whole row is the control: a finger's 44 px. */}
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
        Verify this pick
      </summary>
      <p className="text-slate-600">
        A moneyline, spread or total was checked against the betting market when it was posted (its line within 1.5
        points, its price no better than any bookmaker offered).{" "}
        {committedText
          ? "It locked when its game started: nothing about it can change now, and it is never deleted."
          : "It locks when its game starts: from then nothing about it can change, and it is never deleted."}{" "}
        It is graded from the game&apos;s final score from our sports-data provider; props are graded by the expert and
        count only as self-reported.
      </p>
      <p className="mt-2 text-slate-600">
        {"Commitment (SHA-256), published when the pick was posted: "}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{commitment}</code>
      </p>
      {committedText ? (
        <>
          <p className="mt-2 text-slate-600">The committed text, revealed at the start with its secret salt:</p>
          <pre className="mt-1 overflow-x-auto whitespace-pre rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
            {committedText}
          </pre>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="custom"
              className="px-3 py-1.5 text-sm"
              type="button"
              onClick={() =>
                void sha256Hex(committedText).then((hash) => setVerdict(hash === commitment ? "match" : "mismatch"))
              }
            >
              Check it in my browser
            </Button>
            <p
              role="status"
              className={verdict === "mismatch" ? "font-semibold text-danger" : "font-semibold text-brand-700"}
            >
              {verdict === "match"
                ? "It matches: this is exactly the pick that was committed."
                : verdict === "mismatch"
                  ? "It does not match the commitment."
                  : ""}
            </p>
          </div>
        </>
      ) : (
        <p className="mt-2 text-slate-600">
          The committed text and its salt are revealed when the game starts; anyone can then check them against this
          hash.
        </p>
      )}
      <p className="mt-2">
        <a href="/verify" className="font-semibold text-brand-700 underline">
          How verification works
        </a>
      </p>
    </details>
  );
}
