/**
 * Overlapping reads of one list: each change reads it again, and the answers may reach the page in another order than
 * the reads left (a delete's read and the read of an Undo pressed at once). An answer older than one already shown
 * misses what changed since, and is dropped.
 */
export class ReadOrder {
  #started = 0;
  #shown = 0;

  /** Starts a read; the function it gives says, once the read's answer is in, whether that answer may be shown. */
  begin(): () => boolean {
    const read = ++this.#started;
    return () => {
      if (read < this.#shown) return false;
      this.#shown = read;
      return true;
    };
  }
}
