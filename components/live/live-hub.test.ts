/**
 * The tab's one live stream, shared by its listeners (live-hub.ts). The browser's EventSource is
 * stood in for by a class this test speaks through: what the server sends is written by hand, so
 * that the order of a listener's arrival and the stream's events is the test's to choose. The real
 * stream and browser are exercised by e2e/events.spec.ts (one connection for the page and the bell).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly #listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(kind: string, fn: (e: MessageEvent<string>) => void) {
    this.#listeners.set(kind, [...(this.#listeners.get(kind) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  /** What the server sends when the stream starts (route.ts): its cursor. */
  ready(cursor: number) {
    this.onopen?.();
    this.emit("ready", { cursor });
  }
  emit(kind: string, data: object, id?: number) {
    const e = { data: JSON.stringify(data), lastEventId: id === undefined ? "" : String(id) } as MessageEvent<string>;
    for (const fn of this.#listeners.get(kind) ?? []) fn(e);
  }
}

/** A listener: how many times it was told, and its last state. */
function listener() {
  const l = { told: 0, state: "" };
  return Object.assign(l, { notify: () => l.told++, onState: (s: string) => (l.state = s) });
}

let hub: typeof import("./live-hub");
beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.resetModules();
  hub = await import("./live-hub");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const join = (l: ReturnType<typeof listener>, kinds: string[], after?: number, environment?: string) =>
  hub.subscribe({ kinds, environment, after, notify: l.notify, state: l.onState });

describe("one live stream per tab", () => {
  it("opens one connection for every listener, from the first one's data, and tells each of its own kinds once per burst", () => {
    const page = listener();
    const bell = listener();
    join(page, ["transaction"], 40, "sandbox");
    join(bell, ["notification"]);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events?after=40"]);
    const stream = FakeEventSource.opened[0]!;
    stream.ready(40);
    expect([page.state, bell.state]).toEqual(["live", "live"]);

    stream.emit("transaction", { environment: "sandbox" }, 41);
    stream.emit("transaction", { environment: "sandbox" }, 42);
    stream.emit("transaction", { environment: "production" }, 43); // another environment: not the page's
    vi.advanceTimersByTime(150);
    expect([page.told, bell.told]).toEqual([1, 0]);
    stream.emit("notification", { environment: "sandbox" }, 44);
    vi.advanceTimersByTime(150);
    expect([page.told, bell.told]).toEqual([1, 1]);
  });

  it("tells a listener that joins later of what its data missed, and only that", () => {
    const bell = listener();
    join(bell, ["notification"]);
    const stream = FakeEventSource.opened[0]!;
    stream.ready(100);
    stream.emit("transaction", { environment: "sandbox" }, 101);
    stream.emit("notification", { environment: "sandbox" }, 102);
    vi.advanceTimersByTime(150);

    const upToDate = listener();
    join(upToDate, ["transaction"], 101, "sandbox"); // its page read after event 101
    const behind = listener();
    join(behind, ["transaction"], 100, "sandbox"); // its page read before event 101
    const older = listener();
    join(older, ["transaction"], 90, "sandbox"); // before the stream began: something may be missing
    vi.advanceTimersByTime(150);
    expect([upToDate.told, behind.told, older.told]).toEqual([0, 1, 1]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("a listener that joins before the stream's cursor arrives is told once it does, when the stream began after its data", () => {
    const bell = listener();
    join(bell, ["notification"]);
    const early = listener();
    join(early, ["transaction"], 7);
    const current = listener();
    join(current, ["transaction"], 9);
    FakeEventSource.opened[0]!.ready(9);
    vi.advanceTimersByTime(150);
    expect([early.told, current.told]).toEqual([1, 0]);
  });

  it("stays open while a page is replaced by the next, and closes when nobody listens", () => {
    const first = listener();
    const leave = join(first, ["transaction"], 5);
    const stream = FakeEventSource.opened[0]!;
    stream.ready(5);
    leave();
    vi.advanceTimersByTime(500);
    const next = listener();
    const leaveNext = join(next, ["transaction"], 5);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(next.state).toBe("live");
    leaveNext();
    vi.advanceTimersByTime(5_000);
    expect(stream.closed).toBe(true);
    join(listener(), ["transaction"], 5);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("opens the stream again in another organisation, from the newest event passed on, without replaying", () => {
    const page = listener();
    join(page, ["transaction"], 10);
    const first = FakeEventSource.opened[0]!;
    first.ready(10);
    first.emit("transaction", {}, 12);
    vi.advanceTimersByTime(150);
    expect(page.told).toBe(1);
    hub.restartLiveStream();
    expect(first.closed).toBe(true);
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe("/api/events?after=12");
    second.ready(12);
    vi.advanceTimersByTime(150);
    expect(page.told).toBe(1);
    second.emit("transaction", {}, 30);
    vi.advanceTimersByTime(150);
    expect(page.told).toBe(2);
  });
});
