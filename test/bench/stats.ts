/** Small numeric helpers for reports. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `1.23 s`, `456 ms`: enough digits to compare, no more. */
export function seconds(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

export function megabytes(mb: number): string {
  return Number.isFinite(mb) ? `${mb.toFixed(0)} MB` : "—";
}

export function ratio(value: number, base: number): number {
  return base > 0 ? value / base : Number.NaN;
}

export function times(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(2)}x` : "—";
}
