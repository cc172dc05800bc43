// The skeleton's event queue: a binary min-heap of events keyed by time, with lazy invalidation
// (events are never removed early; the simulation drops stale ones when they come out).

/** Kinds of wavefront events. */
export const EV_EDGE: i32 = 0;
export const EV_SPLIT: i32 = 1;

export class EventQueue {
  /** Per event (by id): time, kind and two integers (edge: u, w; split: vertex, candidate). */
  t: Array<f64> = new Array<f64>(0);
  kind: Array<i32> = new Array<i32>(0);
  a: Array<i32> = new Array<i32>(0);
  b: Array<i32> = new Array<i32>(0);
  /** Heap of event ids. */
  heap: Array<i32> = new Array<i32>(0);

  get size(): i32 {
    return this.heap.length;
  }

  /** Time of the earliest event (size > 0). */
  topTime(): f64 {
    return unchecked(this.t[this.heap[0]]);
  }

  push(t: f64, kind: i32, a: i32, b: i32): void {
    const id = this.t.length;
    this.t.push(t);
    this.kind.push(kind);
    this.a.push(a);
    this.b.push(b);
    const heap = this.heap;
    const times = this.t;
    let k = heap.length;
    heap.push(id);
    while (k > 0) {
      const p = (k - 1) >> 1;
      const pid = unchecked(heap[p]);
      if (unchecked(times[pid]) <= t) break;
      unchecked((heap[k] = pid));
      k = p;
    }
    unchecked((heap[k] = id));
  }

  /** Removes the earliest event and returns its id. */
  pop(): i32 {
    const heap = this.heap;
    const times = this.t;
    const top = unchecked(heap[0]);
    const last = heap.pop();
    const n = heap.length;
    if (n > 0) {
      const t = unchecked(times[last]);
      let k = 0;
      while (true) {
        let c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && unchecked(times[heap[c + 1]]) < unchecked(times[heap[c]])) c++;
        const cid = unchecked(heap[c]);
        if (unchecked(times[cid]) >= t) break;
        unchecked((heap[k] = cid));
        k = c;
      }
      unchecked((heap[k] = last));
    }
    return top;
  }
}
