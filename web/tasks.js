// The page's side of its worker (worker.js): tasks sent by name, answered as promises. A task
// that runs longer than a moment shows the Cancel button; Cancel (or Escape) ends the worker,
// rejects what was waiting with a `cancelled` error, and starts a fresh worker.

export class Cancelled extends Error {
  constructor() {
    super("Cancelled.");
    this.cancelled = true;
  }
}

export class Tasks {
  /** `module` the compiled WebAssembly; `onBusy(what)` is told what runs ("" when idle). */
  constructor(module, onBusy) {
    this.module = module;
    this.onBusy = onBusy;
    this.next = 1;
    this.start();
  }

  start() {
    this.pending = new Map();
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (e) => {
      const { id, result, error, progress } = e.data;
      const job = this.pending.get(id);
      if (!job) return;
      if (progress !== undefined) {
        job.onProgress?.(progress);
        return;
      }
      this.pending.delete(id);
      this.idle();
      if (error !== undefined) job.reject(new Error(error));
      else job.resolve(result);
    };
    this.worker.onerror = (e) => {
      for (const job of this.pending.values()) job.reject(new Error(e.message || "the worker failed"));
      this.pending.clear();
      this.idle();
    };
    this.send("init", { module: this.module }, "");
  }

  send(task, args, what, onProgress) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, what, onProgress, at: performance.now() });
      this.worker.postMessage({ id, task, args });
      if (what) {
        clearTimeout(this.busyTimer);
        // Only a task that takes a while shows itself (no flicker on quick ones).
        this.busyTimer = setTimeout(() => this.busy(), 200);
      }
    });
  }

  /** Runs `task` with `args`; `what` says it in words while it runs. */
  run(task, args, what = "", onProgress) {
    return this.send(task, args, what, onProgress);
  }

  busy() {
    const running = [...this.pending.values()].filter((j) => j.what);
    if (running.length) this.onBusy(running[running.length - 1].what);
  }

  idle() {
    if (![...this.pending.values()].some((j) => j.what)) {
      clearTimeout(this.busyTimer);
      this.onBusy("");
    }
  }

  /** Whether a task that says what it does is running. */
  get running() {
    return [...this.pending.values()].some((j) => j.what);
  }

  cancel() {
    this.worker.terminate();
    const jobs = [...this.pending.values()];
    clearTimeout(this.busyTimer);
    this.start();
    this.onBusy("");
    for (const job of jobs) job.reject(new Cancelled());
  }
}
