/**
 * Buffers of one size, lent for an answer and given back once it has been written: a hot route's answers then
 * allocate no memory outside V8's heap, each megabyte of which brings a full collection (a pause) nearer. An answer
 * larger than the pool's buffers, or one never given back (a connection gone mid-write), is an ordinary buffer.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];
  private readonly lent = new Set<ArrayBufferLike>();

  constructor(
    readonly bufferBytes: number,
    /** How many given-back buffers are kept for the next answers; past that, they are left to the collector. */
    private readonly keep: number,
  ) {}

  /** A buffer of at least `bytes`, its contents undefined. */
  lend(bytes: number): Buffer {
    if (bytes > this.bufferBytes) return Buffer.allocUnsafe(bytes);
    const buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
    this.lent.add(buffer.buffer);
    return buffer;
  }

  /** Takes back the buffer under `view` (a buffer `lend` answered, or part of one) once nothing reads it. */
  giveBack(view: Uint8Array): void {
    if (!this.lent.delete(view.buffer)) return;
    if (this.free.length < this.keep) this.free.push(Buffer.from(view.buffer, 0, this.bufferBytes));
  }

  /** Buffers lent and not yet given back, and buffers waiting to be lent. */
  get counts(): { lent: number; free: number } {
    return { lent: this.lent.size, free: this.free.length };
  }
}
