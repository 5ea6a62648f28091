import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the browser run with the plain `N passed, N failed` line CI reads. */
export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult): void {
    // Count a test once, by its final attempt.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.counts.passed++;
    else if (result.status === 'skipped') this.counts.skipped++;
    else this.counts.failed++;
  }

  onEnd(result: FullResult): void {
    if (result.status !== 'passed' && this.counts.failed === 0) this.counts.failed++;
    console.log(
      `\n${this.counts.passed} passed, ${this.counts.failed} failed, ${this.counts.skipped} skipped`,
    );
    const dir = process.env.QUIRE_SUMMARY_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'playwright.json'), JSON.stringify(this.counts));
    }
  }
}
