import { Worker } from 'node:worker_threads';
import type { FakeInstallTarget } from '../test/support/slack/index.js';

/** A call as the fake in its thread saw it: when it arrived, and the workspace its token speaks for. */
export interface SeenCall {
  method: string;
  channel?: string;
  reply: boolean;
  status: number;
  at: number;
  teamId?: string;
}

/** The fake Slack of fakeSlackWorker.ts, driven from the bench's thread. */
export class WorkspaceSlack {
  #next = 0;
  readonly #waiting = new Map<number, (value: unknown) => void>();

  private constructor(
    private readonly worker: Worker,
    readonly apiUrl: string,
    readonly authorizeUrl: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    worker.on('message', (message: { id?: number; value?: unknown }) => {
      if (message.id === undefined) return;
      this.#waiting.get(message.id)?.(message.value);
      this.#waiting.delete(message.id);
    });
  }

  static async start(): Promise<WorkspaceSlack> {
    // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript file.
    const file = new URL('./fakeSlackWorker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const worker = new Worker(
      `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); });`,
      { eval: true },
    );
    const ready = await new Promise<{ apiUrl: string; authorizeUrl: string; clientId: string; clientSecret: string }>(
      (resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (message: { ready: never }) => resolve(message.ready));
      },
    );
    return new WorkspaceSlack(worker, ready.apiUrl, ready.authorizeUrl, ready.clientId, ready.clientSecret);
  }

  #ask<T>(type: string, fields: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve) => {
      this.#waiting.set(id, resolve as (value: unknown) => void);
      this.worker.postMessage({ id, type, ...fields });
    });
  }

  approveNextInstall(target: FakeInstallTarget): Promise<void> {
    return this.#ask('approve', { target });
  }

  setRedirectUri(uri: string): Promise<void> {
    return this.#ask('redirect', { uri });
  }

  /** The calls from the `from`th on, how many there are in all, and how many 429s the limits answered. */
  calls(from = 0): Promise<{ total: number; refused: number; calls: SeenCall[] }> {
    return this.#ask('calls', { from });
  }

  async close(): Promise<void> {
    await this.#ask('close');
    await this.worker.terminate();
  }
}
