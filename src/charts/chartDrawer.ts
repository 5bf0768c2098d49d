import { Worker } from 'node:worker_threads';
import { CHART_BACKGROUND, CHART_JS_VERSION } from './quickChart.js';
import type { DrawMessage, DrawnMessage } from './renderWorker.js';

/** What a chart drawn by the app is made from: the chart text and the canvas size. */
export interface ChartSpec {
  chart: string;
  width: number;
  height: number;
}

/** Draws PNGs; rejects when a chart cannot be drawn. */
export interface PngDrawer {
  draw(spec: ChartSpec): Promise<Buffer>;
  close(): Promise<void>;
}

/** Device pixels per chart pixel, as QuickChart draws: sharp on high-density screens. */
export const CHART_PIXEL_RATIO = 2;
/** A chart not drawn by then is given up (the reply goes without it) and the thread started anew. */
export const DRAW_TIMEOUT_MS = 10_000;
/** A thread that has not loaded the libraries and the font by then is replaced. */
const THREAD_START_TIMEOUT_MS = 60_000;

interface Pending {
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

/**
 * The worker thread's entry. Built code runs renderWorker.js; run from source (tests, tsx), the
 * thread loads renderWorker.ts through tsx, which a worker cannot be given as a --import flag on
 * Node 20.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new Worker(new URL('./renderWorker.js', here));
  const entry = new URL('./renderWorker.ts', here).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`,
    { eval: true },
  );
}

/**
 * Draws charts one at a time on one worker thread, so the main thread (Slack's acks, the chart
 * route) never waits for a drawing. The thread starts with the first chart (or warm()) and is
 * replaced when it fails or a chart takes longer than `timeoutMs`. A chart's time starts when the
 * thread, loaded, begins it: neither loading on a busy machine nor the charts queued before it count.
 */
export class ChartDrawer implements PngDrawer {
  private worker: Worker | undefined;
  /** In the order sent: the thread answers in that order, so the first is the one being drawn. */
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private loaded = false;
  private drawingTimer: NodeJS.Timeout | undefined;
  private startTimer: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs = DRAW_TIMEOUT_MS) {}

  /** Starts the thread and draws a small chart with Chinese, so the first real chart does not pay for loading the libraries and the font. */
  async warm(): Promise<void> {
    await this.draw({
      chart: "{type:'bar',data:{labels:['净值'],datasets:[{label:'规模',data:[1]}]},options:{scales:{y:{}}}}",
      width: 100,
      height: 100,
    });
  }

  draw(spec: ChartSpec): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the chart drawer is closed'));
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: DrawMessage = {
        id,
        request: {
          chart: spec.chart,
          width: spec.width,
          height: spec.height,
          backgroundColor: CHART_BACKGROUND,
          devicePixelRatio: CHART_PIXEL_RATIO,
          version: CHART_JS_VERSION,
        },
      };
      worker.postMessage(message);
      this.timeFirstDrawing();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the chart drawer is closed'));
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    this.startTimer = setTimeout(
      () => this.restart(new Error(`the chart thread did not load within ${THREAD_START_TIMEOUT_MS} ms`)),
      THREAD_START_TIMEOUT_MS,
    );
    this.startTimer.unref();
    worker.on('message', (message: DrawnMessage) => {
      if (this.worker !== worker) return;
      if ('ready' in message) {
        clearTimeout(this.startTimer);
        this.loaded = true;
      } else {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        clearTimeout(this.drawingTimer);
        this.drawingTimer = undefined;
        if ('png' in message) pending.resolve(Buffer.from(message.png));
        else pending.reject(new Error(message.error));
      }
      this.timeFirstDrawing();
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.restart(error);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.restart(new Error(`the chart thread stopped (exit code ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  /** Starts the clock of the chart the loaded thread is drawing now, unless it is running. */
  private timeFirstDrawing(): void {
    if (!this.loaded || this.drawingTimer || this.pending.size === 0) return;
    this.drawingTimer = setTimeout(
      () => this.restart(new Error(`a chart took longer than ${this.timeoutMs} ms to draw`)),
      this.timeoutMs,
    );
    this.drawingTimer.unref();
  }

  /** Every chart in the thread fails with `error`; the next one starts a new thread. */
  private restart(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(error);
    void worker?.terminate();
  }

  private failAll(error: Error): void {
    clearTimeout(this.drawingTimer);
    clearTimeout(this.startTimer);
    this.drawingTimer = undefined;
    this.loaded = false;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
