import { parentPort } from 'node:worker_threads';
import { type ChartRequest, drawPng } from './renderQuickChart.js';

// The thread that draws the charts the app serves (see chartDrawer.ts): a chart takes tens of
// milliseconds of CPU, which on the main thread would hold up every Slack request meanwhile.

export interface DrawMessage {
  id: number;
  request: ChartRequest;
}

export type DrawnMessage = { id: number; png: ArrayBuffer } | { id: number; error: string };

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
