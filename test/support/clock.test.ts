// The one test clock (test/support/clock.ts), used by the runtime's, the facility's and the end-to-end tests: a sleep
// waits for no real time, concurrent sleeps of one length wake together, deadlines fire when time passes them and
// never move time themselves.
import { describe, expect, it } from "vitest";
import { virtualTime } from "./clock.js";

describe("the test clock", () => {
  it("a sleep moves time by its length and is remembered; concurrent sleeps wake together", async () => {
    const time = virtualTime(1_000_000);
    await time.sleep(250);
    expect(time.now()).toBe(1_000_250);
    await Promise.all([time.sleep(100), time.sleep(100), time.sleep(300)]);
    // Wall-clock order: the two short sleeps end at +100, the long one at +300, not one after another.
    expect(time.now()).toBe(1_000_550);
    expect(time.slept).toEqual([250, 100, 100, 300]);
  });

  it("deadlines fire when time passes them, by a sleep or by advance, and never move time", async () => {
    const time = virtualTime(0);
    const fired: string[] = [];
    time.after(100, () => fired.push("a"));
    const cancel = time.after(150, () => fired.push("cancelled"));
    time.after(400, () => fired.push("b"));
    await new Promise((r) => setImmediate(r));
    expect([time.now(), fired]).toEqual([0, []]);
    time.advance(99);
    expect(fired).toEqual([]);
    time.advance(1);
    expect(fired).toEqual(["a"]);
    cancel();
    await time.sleep(300);
    expect([time.now(), fired]).toEqual([400, ["a", "b"]]);
  });

  it("starts now (whole seconds) unless told, and onSleep sees each sleep before it is scheduled", async () => {
    const time = virtualTime();
    expect(time.now() % 1000).toBe(0);
    const seen: [number, number][] = [];
    time.onSleep = (ms) => {
      seen.push([ms, time.now()]);
    };
    const start = time.now();
    await time.sleep(5);
    expect(seen).toEqual([[5, start]]);
  });
});
