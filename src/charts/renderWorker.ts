import { parentPort } from 'node:worker_threads';
import { type ChartRequest, drawPng, loadChartLibraries } from './renderQuickChart.js';

// The thread that draws the charts the app serves (see chartDrawer.ts): a chart takes tens of
// milliseconds of CPU, which on the main thread would hold up every Slack request meanwhile.

export interface DrawMessage {
  id: number;
  request: ChartRequest;
}

export type DrawnMessage = { id: number; png: ArrayBuffer } | { id: number; error: string } | { ready: true };

parentPort?.on('message', (message: DrawMessage) => {
  let answer: DrawnMessage;
  try {
    const png = drawPng(message.request);
    // A copy the thread can hand over without another copy (the canvas's buffer is its own memory).
    const bytes = new Uint8Array(png.byteLength);
    bytes.set(png);
    answer = { id: message.id, png: bytes.buffer };
    parentPort!.postMessage(answer, [bytes.buffer]);
  } catch (error) {
    answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(answer);
  }
});

// The time a chart is given starts once the libraries and the font are loaded, not while a busy
// machine is still loading them. A failure to load is told by the first drawing, with its reason.
try {
  loadChartLibraries();
} catch {}
parentPort?.postMessage({ ready: true } satisfies DrawnMessage);
