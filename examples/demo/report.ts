/** The demo's report: one ✔/✘ line per check; the exit code follows the failures. */
export interface Report {
  ok(line: string): void;
  fail(line: string): void;
  readonly failures: number;
}

export function createReport(): Report {
  let failures = 0;
  return {
    ok: (line) => console.log(`  ✔ ${line}`),
    fail: (line) => {
      failures++;
      console.log(`  ✘ ${line}`);
    },
    get failures() {
      return failures;
    },
  };
}
