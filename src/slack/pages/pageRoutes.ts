import type { IncomingMessage, ServerResponse } from 'node:http';
import { langFor } from '../../i18n/lang.js';
import { pageLocale } from './pageLocale.js';
import { PAGE_HEADERS, PAGE_PATHS, type PageContent, renderPage } from './renderPage.js';

/** Where the install page's button goes: Bolt's install path, which sets the state and sends the browser to Slack. */
export const INSTALL_START_PATH = '/slack/install/start';

export interface PageRoute {
  path: string;
  method: string[];
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Sends a page in the language the request asks for. */
export function sendPage(req: IncomingMessage, res: ServerResponse, content: PageContent, status = 200): void {
  const locale = pageLocale(req);
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const html = renderPage(content, langFor(locale), path);
  res.writeHead(status, { ...PAGE_HEADERS, 'content-language': locale });
  res.end(req.method === 'HEAD' ? undefined : html);
}

/**
 * The pages a person opens in a browser, on PORT: privacy and support always in HTTP mode, the
 * install page when the app is installed through Add to Slack.
 */
export function pageRoutes(options: { install: boolean; quickChart: boolean; supportContact?: string }): PageRoute[] {
  const route = (path: string, content: () => PageContent): PageRoute => ({
    path,
    method: ['GET', 'HEAD'],
    handler: (req, res) => sendPage(req, res, content()),
  });
  return [
    ...(options.install
      ? [route(PAGE_PATHS.install, () => ({ page: 'install', startUrl: INSTALL_START_PATH }) as const)]
      : []),
    route(PAGE_PATHS.privacy, () => ({ page: 'privacy', quickChart: options.quickChart, addToSlack: options.install })),
    route(PAGE_PATHS.support, () => ({
      page: 'support',
      ...(options.supportContact ? { contact: options.supportContact } : {}),
    })),
  ];
}
