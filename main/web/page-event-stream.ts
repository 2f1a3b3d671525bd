import type { ServerResponse } from 'node:http';
import type { EventName } from '../../preload/contract';

/**
 * One page's server-sent-events stream, with backpressure. While the page reads, each event is written at once. When
 * it stops reading (a frozen tab, a debugger pause, a slow machine) the socket's buffer fills; events then wait in a
 * queue of bounded size, and once that is full the queue is dropped and the page is told, as soon as it reads again,
 * to resynchronise (`events.resync`, with how many events it missed) instead of the host holding every event for it.
 */

export interface EventStreamLimits {
  /** Events that may wait for a page that stopped reading. */
  maxQueuedEvents: number;
  /** Bytes of event text that may wait. */
  maxQueuedBytes: number;
}

export const defaultEventStreamLimits: EventStreamLimits = { maxQueuedEvents: 1_000, maxQueuedBytes: 4 * 1024 * 1024 };

/** The event that tells a page it missed events and should read its state again. */
export const RESYNC_EVENT: EventName = 'events.resync';

export class PageEventStream {
  private queue: string[] = [];
  private queuedBytes = 0;
  /** Events dropped since the page fell behind; a resync is owed while this is above zero. */
  private missed = 0;
  private waiting = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly limits: EventStreamLimits = defaultEventStreamLimits,
  ) {
    res.on('drain', () => this.flush());
  }

  /** Events waiting for the page now (tests, logs). */
  get queued(): number {
    return this.queue.length;
  }

  /** Sends one event, or queues it while the page is not reading. */
  send(name: string, body: string): void {
    this.write(`event: ${name}\ndata: ${body}\n\n`);
  }

  /** A comment line (the heartbeat): never queued, since a page that is behind gets the next event anyway. */
  comment(text: string): void {
    if (!this.waiting && !this.res.destroyed) this.waiting = !this.res.write(`: ${text}\n\n`);
  }

  private write(text: string): void {
    if (this.res.destroyed || this.res.writableEnded) return;
    if (this.missed > 0) {
      this.missed += 1;
      return;
    }
    if (this.waiting) {
      if (this.queue.length >= this.limits.maxQueuedEvents || this.queuedBytes + text.length > this.limits.maxQueuedBytes) {
        // Behind by more than the host will hold: what waits is dropped, and the page reads its state again instead.
        this.missed = this.queue.length + 1;
        this.queue = [];
        this.queuedBytes = 0;
        return;
      }
      this.queue.push(text);
      this.queuedBytes += text.length;
      return;
    }
    this.waiting = !this.res.write(text);
  }

  /** The page read again: the owed resync goes first, then what waited, until the socket is full again. */
  private flush(): void {
    this.waiting = false;
    if (this.missed > 0) {
      const dropped = this.missed;
      this.missed = 0;
      this.waiting = !this.res.write(`event: ${RESYNC_EVENT}\ndata: ${JSON.stringify({ dropped })}\n\n`);
    }
    while (!this.waiting && this.queue.length > 0) {
      const text = this.queue.shift()!;
      this.queuedBytes -= text.length;
      this.waiting = !this.res.write(text);
    }
  }
}
