/** What a secret is replaced with in log lines and in anything the app sends. */
export const REDACTED = '[redacted]';

/** Slack tokens of every kind (bot, user, app-level, config, refresh), configured or not. */
const SLACK_TOKEN = /\b(?:xox[abeoprs]|xapp)-[A-Za-z0-9-]{8,}/g;

/** Shorter than this, a "secret" would redact ordinary words (and is no secret worth the name). */
const MIN_SECRET_LENGTH = 6;

/**
 * Removes every configured secret (the data service's API key, Slack's tokens and signing secret,
 * the store's password) from a text, whatever the text is: a log line, a reply, an error message
 * the data service wrote. pino's redaction paths only blank fields by name; a secret the service
 * echoes inside a message ("invalid api key …") needs the text itself searched. Each secret is
 * also looked for as JSON and URL encoding write it, since that is how it sits in a log line or a body.
 */
export class Redactor {
  private forms: string[] = [];
  private readonly known = new Set<string>();

  constructor(secrets: Iterable<string | undefined>) {
    this.add(...secrets);
  }

  /** Secrets learnt while running (each installed workspace's tokens, as they are stored or read). */
  add(...secrets: Array<string | undefined>): void {
    const forms = new Set(this.forms);
    let added = false;
    for (const secret of secrets) {
      if (!secret || secret.length < MIN_SECRET_LENGTH || this.known.has(secret)) continue;
      this.known.add(secret);
      added = true;
      forms.add(secret);
      forms.add(JSON.stringify(secret).slice(1, -1));
      forms.add(encodeURIComponent(secret));
      forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
    }
    // Longest first, so a secret containing another is replaced whole.
    if (added) this.forms = [...forms].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let result = text;
    for (const form of this.forms) if (result.includes(form)) result = result.replaceAll(form, REDACTED);
    return result.replace(SLACK_TOKEN, REDACTED);
  }
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
