/**
 * A growable Int32 array. Writes go to the slot before `length` moves, and growth swaps the
 * backing array in one assignment, so an execution interrupted anywhere (a budget timeout) leaves
 * the committed prefix `[0, length)` intact.
 */
export class IntBuffer {
  data: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.data = new Int32Array(Math.max(4, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length] = v;
    this.length++;
  }

  push2(a: number, b: number): void {
    if (this.length + 2 > this.data.length) this.grow(this.length + 2);
    this.data[this.length] = a;
    this.data[this.length + 1] = b;
    this.length += 2;
  }

  /** The last value, or -1 when empty. */
  last(): number {
    return this.length ? this.data[this.length - 1]! : -1;
  }

  /** A right-sized copy of the committed values. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }

  private grow(min: number): void {
    const next = new Int32Array(Math.max(min, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}
