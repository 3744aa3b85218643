/**
 * Globus transfers started through the facility. A transfer is ACTIVE for one task delay, then SUCCEEDED, or FAILED or
 * CANCELED when its `label` holds `#SFAPI-MOCK state=FAILED` (or `state=CANCELED`): the same directive a job script
 * uses. Bounded like tasks: the oldest are forgotten past `max`; a transfer id this facility does not remember reads as
 * one that succeeded long ago.
 */
import { randomUUID } from "node:crypto";

export type GlobusStatus = "ACTIVE" | "SUCCEEDED" | "FAILED" | "CANCELED";

interface Transfer {
  createdAt: number;
  final: Exclude<GlobusStatus, "ACTIVE">;
}

export const DEFAULT_MAX_TRANSFERS = 5000;
/** What every finished transfer here has moved: a gibibyte in ten seconds. */
export const TRANSFER_BYTES: number = 2 ** 30;

export class GlobusTransfers {
  readonly #transfers = new Map<string, Transfer>();

  constructor(
    readonly delayMs: number,
    private readonly now: () => number,
    readonly max: number = DEFAULT_MAX_TRANSFERS,
  ) {}

  get size(): number {
    return this.#transfers.size;
  }

  /** Start a transfer; returns its id. */
  start(label: string): string {
    const id = randomUUID();
    const asked = /#SFAPI-MOCK\s+state=(\w+)/i.exec(label)?.[1]?.toUpperCase();
    const final = asked === "FAILED" || asked === "CANCELED" ? asked : "SUCCEEDED";
    this.#transfers.set(id, { createdAt: this.now(), final });
    while (this.#transfers.size > this.max) this.#transfers.delete(this.#transfers.keys().next().value!);
    return id;
  }

  /** The transfer's status now, and when it ended if it has. */
  status(id: string): { status: GlobusStatus; endedAt?: number } {
    const transfer = this.#transfers.get(id);
    if (!transfer) return { status: "SUCCEEDED", endedAt: this.now() };
    const endedAt = transfer.createdAt + this.delayMs;
    return this.now() < endedAt ? { status: "ACTIVE" } : { status: transfer.final, endedAt };
  }
}
