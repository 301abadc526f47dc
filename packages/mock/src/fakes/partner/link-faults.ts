/**
 * Link faults for the test extension (`POST /__mock/link-faults`): make the next `connect` fail
 * at a chosen step with a chosen reason. The test extension asks at each step
 * (`POST /__mock/link-faults/take`); a real extension knows nothing of this.
 */

/** Steps of a link where a fault can be injected. `handshake`: the extension does not answer (looks not installed). */
export const LINK_FAULT_STEPS = ['handshake', 'login-opened', 'awaiting-mfa', 'choosing-profile', 'verifying'] as const;
/** One of {@link LINK_FAULT_STEPS}. */
export type LinkFaultStep = (typeof LINK_FAULT_STEPS)[number];

/** One injected link fault. */
export interface LinkFault {
  /** Where the link fails. */
  readonly step: LinkFaultStep;
  /** The bridge error code the extension answers, e.g. `mfa-timeout` (ignored at `handshake`). */
  readonly reason: string;
  /** Text of the bridge error (for logs). */
  readonly message?: string | undefined;
  /** How many links it hits. Default 1. */
  times?: number | undefined;
}

/** The pending link faults of one fake. */
export class LinkFaultQueue {
  readonly #faults: LinkFault[] = [];

  /** Adds a fault. */
  add(fault: LinkFault): void {
    this.#faults.push({ ...fault, times: fault.times ?? 1 });
  }

  /** Removes every fault. */
  clear(): void {
    this.#faults.length = 0;
  }

  /** Pending faults. */
  list(): readonly LinkFault[] {
    return this.#faults;
  }

  /** The fault for `step`, counted as used, if one is pending. */
  take(step: LinkFaultStep): LinkFault | undefined {
    const index = this.#faults.findIndex((f) => f.step === step);
    const fault = this.#faults[index];
    if (!fault) return undefined;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.#faults.splice(index, 1);
    return fault;
  }
}
