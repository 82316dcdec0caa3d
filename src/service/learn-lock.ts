import { setTimeout as sleep } from 'node:timers/promises';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';

const POLL_MS = 200;

/**
 * Runs `learn` while holding the dataset's learn lock. A second learn on the dataset waits for
 * the first (told once through `onWait`) and then learns from the rules the first one stored:
 * run side by side, both would allocate the same new rule ids and the later commit would fail,
 * losing its work. A lock whose process was killed is taken over.
 */
export async function withLearnLock<T>(store: Store, d: DatasetRecord, onWait: ((note: string) => void) | undefined, learn: () => Promise<T>): Promise<T> {
  const name = `learn:${d.id}`;
  let told = false;
  for (let holder = store.locks.tryAcquire(name); holder; holder = store.locks.tryAcquire(name)) {
    if (!told) onWait?.(`waiting for the learn of pid ${holder.pid} on "${d.name}" (started ${holder.started_at}) to finish; this one then learns from its rules`);
    told = true;
    await sleep(POLL_MS);
  }
  try {
    return await learn();
  } finally {
    store.locks.release(name);
  }
}
