import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 A and AA, the rules axe-core tags for them. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** What fails a page: a violation axe rates serious or critical (minor and moderate are reported, not failed). */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

export interface AxeScanOptions {
  /** Scan only this part of the page (e.g. an open dialog's content). */
  include?: string;
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, listing
 * each rule with its help text and the selectors of the elements at fault, so a failure reads
 * as a to-do list. Also checks that axe actually looked at something.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: AxeScanOptions = {},
): Promise<void> {
  // A toast or dialog fading in is judged as it ends up, not at a half-transparent frame.
  await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  // A scan that checked nothing (an empty page, a wrong include) must not pass quietly.
  expect(results.passes.length, `${label}: axe found nothing to check`).toBeGreaterThan(0);
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
  const report = blocking
    .map((violation) =>
      [
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...violation.nodes.map(
          (node) =>
            `    at ${node.target.map(String).join(" >> ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        ),
      ].join("\n"),
    )
    .join("\n");
  expect(report, `${label}: serious or critical accessibility violations`).toBe("");
}
