import type { FetchFunction } from '@slack/web-api';

type Redact = (text: string) => string;

/** Every text of a value (a Slack payload), secrets removed; a `token` field is the call's own credential and is kept. */
export function redactPayload<T>(value: T, redact: Redact): T {
  // Almost every payload holds no secret. A secret or token in one text is also in all the texts
  // joined by a character no secret or token holds, so one search of the joined texts spares
  // searching and copying the payload text by text (a reply holds hundreds).
  const texts: string[] = [];
  collectTexts(value, texts);
  const joined = texts.join('\0');
  return redact(joined) === joined ? value : redactEach(value, redact);
}

function collectTexts(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectTexts(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) if (key !== 'token') collectTexts(item, into);
}

function redactEach<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactEach(item, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'token' ? item : redactEach(item, redact)]),
    ) as T;
  }
  return value;
}

function redactBody(
  body: string | FormData | undefined,
  contentType: string,
  redact: Redact,
): string | FormData | undefined {
  if (body === undefined) return body;
  if (typeof body !== 'string') {
    const form = new FormData();
    for (const [key, item] of body.entries()) {
      if (typeof item === 'string') form.append(key, key === 'token' ? item : redact(item));
      else form.append(key, item);
    }
    return form;
  }
  if (contentType.includes('json')) {
    try {
      return JSON.stringify(redactPayload(JSON.parse(body) as unknown, redact));
    } catch {
      return redact(body);
    }
  }
  const form = new URLSearchParams(body);
  const out = new URLSearchParams();
  for (const [key, item] of form) out.append(key, key === 'token' ? item : redact(item));
  return out.toString();
}

/**
 * The Web API client's fetch with every configured secret removed from what it sends (messages,
 * views, workflow step outputs and errors): the last place a reply passes, whatever its text came from.
 */
export function redactingFetch(
  redact: Redact,
  fetchImpl: FetchFunction = globalThis.fetch as unknown as FetchFunction,
): FetchFunction {
  return (url, init) => {
    if (!init?.body) return fetchImpl(url, init);
    const contentType =
      Object.entries(init.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    const body = redactBody(init.body, contentType, redact);
    return fetchImpl(url, { ...init, ...(body !== undefined ? { body } : {}) });
  };
}
