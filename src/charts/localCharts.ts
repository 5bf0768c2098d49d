import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Keyv } from 'keyv';
import type { Logger } from 'pino';
import type { Lang } from '../i18n/lang.js';
import type { ChartSpec, PngDrawer } from './chartDrawer.js';
import type { LocalChartSettings, Picture, RenderPlan } from './chartRenderer.js';

// Charts the app draws itself (CHART_RENDERER=local) and serves from its own HTTP server, so the
// data never leaves for a third party and a chart is never cut to fit a URL. A chart's address is
//   {PUBLIC_URL}/charts/{id}.png?exp={unix seconds}&sig={signature}
// where the id is a keyed hash of the chart (the same chart, the same id, one drawing) and the
// signature covers the id and the expiry: the address carries neither data nor secret, cannot be
// guessed or extended, and a forged or expired one is answered 404 before anything is drawn.

/** The route the app's HTTP server (Bolt's receiver, or the ops server in Socket Mode) mounts. */
export const CHART_ROUTE = '/charts/:file';
const CHART_PATH = /^\/charts\/([A-Za-z0-9_-]{32})\.png$/;
const SIGNATURE = /^[A-Za-z0-9_-]{32}$/;
/** Expiries are rounded up to the hour: a chart looked up again soon gets the same address, which Slack's image proxy has cached. */
const EXPIRY_STEP_S = 3600;
/** PNGs kept in memory, newest used last; the oldest are dropped past this many bytes (about 600 futures charts). */
export const DEFAULT_CHART_CACHE_BYTES = 64 * 1024 * 1024;

export interface LocalChartsOptions {
  settings: LocalChartSettings;
  drawer: PngDrawer;
  /**
   * Where each chart's spec is kept until its address expires (the app's store): a chart dropped
   * from memory, or asked for at another replica, is drawn again from it.
   */
  specs?: Keyv<ChartSpec>;
  now?: () => number;
  cacheBytes?: number;
  logger?: Logger;
  /** Told of each drawing (how long, whether it worked) and each request (metrics). */
  observer?: LocalChartsObserver;
}

export interface LocalChartsObserver {
  chartDrawn(seconds: number, outcome: 'drawn' | 'failed'): void;
  chartRequest(outcome: 'memory' | 'redrawn' | 'refused'): void;
}

export interface LocalChartStats {
  /** Charts drawn (publishing, or a request for one no longer in memory). */
  drawn: number;
  /** Chart requests answered from memory. */
  servedFromMemory: number;
  /** Requests answered 404: forged, expired, malformed or unknown. */
  refused: number;
  cachedBytes: number;
}

export class LocalCharts {
  private readonly pngs = new Map<string, Buffer>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private readonly now: () => number;
  private readonly cacheBytes: number;
  readonly stats: LocalChartStats = { drawn: 0, servedFromMemory: 0, refused: 0, cachedBytes: 0 };

  constructor(private readonly options: LocalChartsOptions) {
    this.now = options.now ?? Date.now;
    this.cacheBytes = options.cacheBytes ?? DEFAULT_CHART_CACHE_BYTES;
  }

  /**
   * Draws the chart (unless it is in memory already) and gives the image a reply shows. Never
   * throws: a chart that cannot be drawn is a one-line note, and the reply goes on without it.
   */
  publish = async (plan: RenderPlan, lang: Lang): Promise<Picture> => {
    const spec: ChartSpec = { chart: plan.chart, width: plan.width, height: plan.height };
    const id = this.idOf(spec);
    try {
      await this.png(id, spec);
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'a chart could not be drawn; the reply goes without it');
      return { kind: 'none', note: lang.t('charts.renderFailed') };
    }
    const { url, expiresAt } = this.addressOf(id);
    // Without the store the chart is still served from memory here; only a redraw elsewhere is lost.
    await this.options.specs?.set(id, spec, expiresAt - this.now()).catch((error: unknown) => {
      this.options.logger?.warn(
        { err: error },
        'could not keep a chart in the store; it is served from this process only',
      );
    });
    return { kind: 'image', url, alt: plan.alt, caption: plan.caption };
  };

  /** The chart route: GET or HEAD of a signed, unexpired address; everything else is 404 without drawing. */
  handle = (request: IncomingMessage, response: ServerResponse): void => {
    void this.serve(request, response).catch((error: unknown) => {
      this.options.logger?.warn({ err: error }, 'a chart request failed');
      if (!response.headersSent) response.writeHead(500, { 'cache-control': 'no-store' });
      response.end();
    });
  };

  /** The id, expiry and signature of a chart address, if it is one this app signed and it has not expired. */
  verify(path: string, query: URLSearchParams): { id: string; expiresAt: number } | undefined {
    const id = CHART_PATH.exec(path)?.[1];
    const expText = query.get('exp') ?? '';
    const signature = query.get('sig') ?? '';
    if (!id || !/^\d{1,12}$/.test(expText) || !SIGNATURE.test(signature)) return undefined;
    const expected = Buffer.from(this.sign(`${id}.${expText}`));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
    const expiresAt = Number(expText) * 1000;
    return expiresAt > this.now() ? { id, expiresAt } : undefined;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const address =
      request.method === 'GET' || request.method === 'HEAD' ? this.verify(url.pathname, url.searchParams) : undefined;
    const known = address ? this.pngs.get(address.id) : undefined;
    let png = known;
    if (address && !png) {
      const spec = await this.options.specs?.get(address.id);
      // The id is a keyed hash of the spec: a spec altered in the store is not this chart, and its
      // text (which the drawing runs) is never run.
      if (spec && this.idOf(spec) === address.id) png = await this.png(address.id, spec);
    }
    if (!address || !png) {
      this.stats.refused += 1;
      this.options.observer?.chartRequest('refused');
      response.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('no such chart');
      return;
    }
    if (known) this.stats.servedFromMemory += 1;
    this.options.observer?.chartRequest(known ? 'memory' : 'redrawn');
    const maxAge = Math.max(0, Math.floor((address.expiresAt - this.now()) / 1000));
    response.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': `public, max-age=${maxAge}, immutable`,
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : png);
  }

  /** The chart's PNG from memory, or drawn once however many ask for it at the same time. */
  private png(id: string, spec: ChartSpec): Promise<Buffer> {
    const cached = this.pngs.get(id);
    if (cached) {
      this.pngs.delete(id);
      this.pngs.set(id, cached);
      return Promise.resolve(cached);
    }
    const inFlight = this.drawing.get(id);
    if (inFlight) return inFlight;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const drawing = this.options.drawer
      .draw(spec)
      .then(
        (png) => {
          this.stats.drawn += 1;
          this.options.observer?.chartDrawn(seconds(), 'drawn');
          this.remember(id, png);
          return png;
        },
        (error: unknown) => {
          this.options.observer?.chartDrawn(seconds(), 'failed');
          throw error;
        },
      )
      .finally(() => this.drawing.delete(id));
    this.drawing.set(id, drawing);
    return drawing;
  }

  private remember(id: string, png: Buffer): void {
    this.pngs.set(id, png);
    this.stats.cachedBytes += png.length;
    for (const [oldest, bytes] of this.pngs) {
      if (this.stats.cachedBytes <= this.cacheBytes || oldest === id) break;
      this.pngs.delete(oldest);
      this.stats.cachedBytes -= bytes.length;
    }
  }

  private idOf(spec: ChartSpec): string {
    return this.sign(`chart\n${spec.width}x${spec.height}\n${spec.chart}`);
  }

  private addressOf(id: string): { url: string; expiresAt: number } {
    const { publicUrl, urlTtlMs } = this.options.settings;
    const exp = Math.ceil((this.now() + urlTtlMs) / 1000 / EXPIRY_STEP_S) * EXPIRY_STEP_S;
    return { url: `${publicUrl}/charts/${id}.png?exp=${exp}&sig=${this.sign(`${id}.${exp}`)}`, expiresAt: exp * 1000 };
  }

  /** 192 bits of HMAC-SHA256 under the chart secret, URL-safe. */
  private sign(text: string): string {
    return createHmac('sha256', this.options.settings.secret).update(text).digest('base64url').slice(0, 32);
  }
}
