import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents, EVENTS_URL, RECONNECT_MAX_MS, reconnectDelay } from './live-events';

/** Enough of EventSource to drive the client: listeners, onopen/onerror, close. */
class FakeSource extends EventTarget {
  static created: FakeSource[] = [];
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.created.push(this);
  }
  close() {
    this.isClosed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  emit(name: string, data: string) {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }
}

const createSource = (url: string) => new FakeSource(url) as unknown as EventSource;
const latest = () => FakeSource.created.at(-1)!;

beforeEach(() => {
  FakeSource.created = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('connectLiveEvents', () => {
  it('opens one stream on /api/events and hands on parsed summary, message and request events', () => {
    const onEvent = vi.fn();
    const stop = connectLiveEvents({ onEvent, createSource });
    expect(FakeSource.created).toHaveLength(1);
    expect(latest().url).toBe(EVENTS_URL);
    latest().open();
    latest().emit('summary', '{"cartCount":1,"requestCount":2,"unreadMessages":3}');
    latest().emit('message', '{"requestId":"r1","message":{"_id":"m1"}}');
    latest().emit('request', '{"requestId":"r1","status":"Accepted","productId":"p1"}');
    latest().emit('summary', 'not json');
    expect(onEvent.mock.calls).toEqual([
      ['summary', { cartCount: 1, requestCount: 2, unreadMessages: 3 }],
      ['message', { requestId: 'r1', message: { _id: 'm1' } }],
      ['request', { requestId: 'r1', status: 'Accepted', productId: 'p1' }],
    ]);
    stop();
    expect(latest().isClosed).toBe(true);
  });

  it('reconnects after an error with a growing pause, and says so once a stream opens again', () => {
    const onReconnect = vi.fn();
    const stop = connectLiveEvents({ onEvent: vi.fn(), onReconnect, createSource, random: () => 1 });
    latest().open();
    expect(onReconnect).not.toHaveBeenCalled();

    latest().fail();
    expect(FakeSource.created[0]!.isClosed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeSource.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.created).toHaveLength(2);

    latest().fail();
    vi.advanceTimersByTime(1999);
    expect(FakeSource.created).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.created).toHaveLength(3);

    latest().open();
    expect(onReconnect).toHaveBeenCalledOnce();
    // Opened again: the next break starts from the shortest pause.
    latest().fail();
    vi.advanceTimersByTime(1000);
    expect(FakeSource.created).toHaveLength(4);
    stop();
  });

  it('stops for good when closed: no reconnect is pending and no stream stays open', () => {
    const stop = connectLiveEvents({ onEvent: vi.fn(), createSource });
    latest().fail();
    stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeSource.created).toHaveLength(1);
    expect(FakeSource.created.every((s) => s.isClosed)).toBe(true);
  });

  it('caps the pause and spreads it', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(750);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});
