/**
 * Prints the ten slowest journeys at the end of a run, with their time: where the suite's minutes go
 * (the suite must stay under 20 minutes on 2 cores; README "The two commands").
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SlowestReporter implements Reporter {
  #done: { title: string; ms: number; status: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.#done.push({ title: `${test.location.file.split("/").pop()} › ${test.title}`, ms: result.duration, status: result.status });
  }

  onEnd(result: FullResult): void {
    const total = this.#done.reduce((s, d) => s + d.ms, 0);
    const slowest = [...this.#done].sort((a, b) => b.ms - a.ms).slice(0, 10);
    console.log(`\nThe ten slowest of ${this.#done.length} journeys (${(total / 1000).toFixed(0)} s of journeys, ${(result.duration / 1000).toFixed(0)} s in all):`);
    for (const d of slowest) console.log(`  ${(d.ms / 1000).toFixed(1).padStart(6)} s  ${d.status === "passed" ? "" : `[${d.status}] `}${d.title}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
