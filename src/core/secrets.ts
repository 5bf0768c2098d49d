/** What a secret is replaced with in log lines and in anything the app sends. */
export const REDACTED = '[redacted]';

/** Slack tokens of every kind (bot, user, app-level, config, refresh), configured or not. */
const SLACK_TOKEN = /\b(?:xox[abeoprs]|xapp)-[A-Za-z0-9-]{8,}/g;

/** Shorter than this, a "secret" would redact ordinary words (and is no secret worth the name). */
const MIN_SECRET_LENGTH = 6;

/** Secrets that belong to someone who may replace or lose them: a workspace's installed tokens. */
export interface OwnedSecrets {
  /** `owner`'s secrets now: those it held before are kept one replacement more, then dropped. */
  own(owner: string, secrets: ReadonlyArray<string | undefined>): void;
  /** `owner` is gone (an uninstall): its secrets are dropped. */
  forget(owner: string): void;
}

/**
 * Removes every configured secret (the data service's API key, Slack's tokens and signing secret,
 * the store's password) from a text, whatever the text is: a log line, a reply, an error message
 * the data service wrote. pino's redaction paths only blank fields by name; a secret the service
 * echoes inside a message ("invalid api key …") needs the text itself searched. Each secret is
 * also looked for as JSON and URL encoding write it, since that is how it sits in a log line or a body.
 *
 * Bounded: the configured secrets stay for good, and each installed workspace holds its current
 * tokens and the ones they replaced (a request may still be using those), never more; a second
 * refresh drops the oldest, an uninstall all of them. What is dropped is a token Slack no longer
 * takes, and any Slack token is still caught by its pattern.
 */
export class Redactor implements OwnedSecrets {
  private readonly fixed = new Set<string>();
  private readonly owned = new Map<string, { current: string[]; previous: string[] }>();
  private pattern: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined>) {
    this.add(...secrets);
  }

  /** Secrets kept for as long as the process runs (the configured ones). */
  add(...secrets: Array<string | undefined>): void {
    let added = false;
    for (const secret of secrets) {
      if (!usable(secret) || this.fixed.has(secret)) continue;
      this.fixed.add(secret);
      added = true;
    }
    if (added) this.rebuild();
  }

  own(owner: string, secrets: ReadonlyArray<string | undefined>): void {
    const current = [...new Set(secrets.filter(usable))];
    const held = this.owned.get(owner);
    if (held && held.current.length === current.length && current.every((secret) => held.current.includes(secret)))
      return;
    const previous = held ? held.current.filter((secret) => !current.includes(secret)) : [];
    this.owned.set(owner, { current, previous });
    this.rebuild();
  }

  forget(owner: string): void {
    if (this.owned.delete(owner)) this.rebuild();
  }

  /** How many secrets it looks for (each in its several forms): bounded by the workspaces installed. */
  get size(): number {
    let count = this.fixed.size;
    for (const { current, previous } of this.owned.values()) count += current.length + previous.length;
    return count;
  }

  redact(text: string): string {
    const result = this.pattern ? text.replace(this.pattern, REDACTED) : text;
    return result.replace(SLACK_TOKEN, REDACTED);
  }

  /** One pattern of every form of every secret, longest first, so a secret containing another is replaced whole. */
  private rebuild(): void {
    const forms = new Set<string>();
    const all = [...this.fixed];
    for (const { current, previous } of this.owned.values()) all.push(...current, ...previous);
    for (const secret of all) {
      forms.add(secret);
      forms.add(JSON.stringify(secret).slice(1, -1));
      forms.add(encodeURIComponent(secret));
      forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
    }
    const sorted = [...forms].sort((a, b) => b.length - a.length);
    this.pattern = sorted.length ? new RegExp(sorted.map(escapeRegExp).join('|'), 'g') : undefined;
  }
}

function usable(secret: string | undefined): secret is string {
  return Boolean(secret) && (secret as string).length >= MIN_SECRET_LENGTH;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The password of a store URL (redis://:password@host), when it has one. */
export function storePassword(storeUrl: string): string | undefined {
  try {
    const password = new URL(storeUrl).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

/** Every secret a configuration holds, for a Redactor. */
export function secretsOf(config: {
  service: { apiKey: string };
  store: { url: string; database?: { url: string } };
  slack: {
    botToken: string;
    signingSecret: string;
    appToken?: string;
    oauth?: { clientSecret: string; stateSecret: string };
  };
  charts?: { local?: { secret: string } };
  secrets?: { current: { key: Buffer }; previous?: ReadonlyArray<{ key: Buffer }> };
}): string[] {
  // The keys secrets at rest are sealed under, as SECRETS_KEY may write them (base64 or hex).
  const sealingKeys = config.secrets ? [config.secrets.current, ...(config.secrets.previous ?? [])] : [];
  const secrets = [
    config.service.apiKey,
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.slack.oauth?.clientSecret,
    config.slack.oauth?.stateSecret,
    storePassword(config.store.url),
    config.store.database ? storePassword(config.store.database.url) : undefined,
    config.charts?.local?.secret,
    ...sealingKeys.flatMap(({ key }) => [key.toString('base64'), key.toString('hex')]),
  ];
  return secrets.filter((secret): secret is string => Boolean(secret));
}
