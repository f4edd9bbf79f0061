/** A job refused because every slot is taken and the line is full, or it waited its longest. */
export class SlotsBusy extends Error {
  constructor() {
    super('busy');
  }
}

export interface SlotRules {
  /** Jobs running at once. */
  size: number;
  /** Jobs waiting in line beyond those; one more is refused at once. */
  maxWaiting: number;
  /** How long a job waits for a slot before it is refused. */
  maxWaitMs: number;
}

/**
 * A process-wide bound on how many of one kind of heavy job run at once (a counting semaphore): the rest wait in line,
 * first come first served, for a while; past the line or the wait they are refused with `SlotsBusy`. A slot freed is
 * handed straight to the first in line, so a newcomer cannot overtake those waiting.
 */
export class Slots {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(private readonly rules: SlotRules) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  /** Jobs running and waiting, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }

  private acquire(): Promise<void> {
    if (this.running < this.rules.size) {
      this.running++;
      return Promise.resolve();
    }
    if (this.line.length >= this.rules.maxWaiting) return Promise.reject(new SlotsBusy());
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.line.indexOf(wake);
        if (at >= 0) this.line.splice(at, 1);
        reject(new SlotsBusy());
      }, this.rules.maxWaitMs);
      timer.unref();
      this.line.push(wake);
    });
  }

  private release(): void {
    const next = this.line.shift();
    // The slot passes to the next in line as it is (running unchanged), or is given back.
    if (next) next();
    else this.running--;
  }
}
