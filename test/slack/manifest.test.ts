import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '../../src/slack/flows/routeCommand.js';
import { SHORTCUT } from '../../src/slack/payloads/ids.js';
import { BOT_SCOPES } from '../../src/slack/slackConfig.js';
import { parseYaml } from '../support/yamlSubset.js';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

/** The two manifests a workspace installs by hand and the one Add to Slack installs: the same app. */
describe.each(['manifest.yml', 'manifest.distribution.yml'])('%s', (name) => {
  const manifest = read(name);

  /** The value after `key:` on each line that has it, unquoted (enough YAML for this file). */
  function values(key: string): string[] {
    return [...manifest.matchAll(new RegExp(`^\\s*-?\\s*${key}:\\s*(.+)$`, 'gm'))].map((m) =>
      m[1]!.trim().replace(/^"(.*)"$/, '$1'),
    );
  }

  it('declares exactly the slash commands the app registers, with the same descriptions and hints', () => {
    expect(values('command')).toEqual(SLASH_COMMANDS.map((c) => c.command));
    const descriptions = values('description').filter((d) => SLASH_COMMANDS.some((c) => c.description === d));
    expect(descriptions).toEqual(SLASH_COMMANDS.map((c) => c.description));
    expect(values('usage_hint')).toEqual(SLASH_COMMANDS.map((c) => c.usageHint));
    for (const command of SLASH_COMMANDS) expect(command.description.length).toBeLessThanOrEqual(100);
  });

  it('has the global and message shortcuts, the events, interactivity and only the scopes the app uses', () => {
    expect(values('callback_id')).toEqual([SHORTCUT.search, SHORTCUT.lookUp]);
    const events = manifest
      .split('bot_events:')[1]!
      .split('interactivity:')[0]!
      .match(/^\s+- ([a-z_.]+)$/gm)!
      .map((line) => line.trim().slice(2));
    expect(events).toEqual([
      'app_home_opened',
      'app_mention',
      'message.im',
      'app_uninstalled',
      'tokens_revoked',
      'channel_shared',
      'channel_unshared',
      'shared_channel_invite_accepted',
      'shared_channel_invite_approved',
      'shared_channel_invite_declined',
    ]);
    expect(manifest).toMatch(/interactivity:\n\s+is_enabled: true/);
    const scopes = manifest
      .split('bot:')[1]!
      .split('settings:')[0]!
      .match(/^\s+- ([a-z_:.]+)$/gm)!
      .map((line) => line.trim().slice(2));
    expect(scopes).toEqual([
      'commands',
      'chat:write',
      'users:read',
      'im:write',
      'files:write',
      'files:read',
      'channels:read',
      'groups:read',
      'app_mentions:read',
      'im:history',
      'channels:history',
      'groups:history',
      'assistant:write',
    ]);
    // What an install through Add to Slack asks for.
    expect(scopes).toEqual(BOT_SCOPES);
  });

  it('lets people write to the app in its Messages tab, in the agent messaging experience (issue 34)', () => {
    expect(manifest).toMatch(/messages_tab_enabled: true\n(?:\s+#.*\n)*\s+messages_tab_read_only_enabled: false/);
    // https://docs.slack.dev/ai/migrating-to-agent-messaging/: agent_view, with an agent_description (at most 300 characters).
    const [description] = values('agent_description');
    expect(description!.length).toBeGreaterThan(0);
    expect(description!.length).toBeLessThanOrEqual(300);
    // A message shortcut's name is at most 24 characters, its description 150 (the manifest schema).
    expect(manifest).toMatch(/- name: Look up in dq\n\s+type: message\n\s+callback_id: dq_look_up_message/);
  });

  it('gives each scope and event a comment saying why', () => {
    const lines = manifest.split('\n');
    const listed = lines.flatMap((line, index) =>
      /^\s+- [a-z_.:]+$/.test(line) &&
      /scopes|bot_events|bot:/.test(
        lines
          .slice(0, index)
          .reverse()
          .find((above) => /^\s*[a-z_]+:\s*$/.test(above)) ?? '',
      )
        ? [index]
        : [],
    );
    // Every scope and every event: thirteen scopes, ten events.
    expect(listed).toHaveLength(23);
    for (const index of listed) {
      const commented = lines
        .slice(0, index)
        .reverse()
        .find((above) => !/^\s+- [a-z_.:]+$/.test(above));
      expect(commented, lines[index]).toMatch(/^\s+#/);
    }
  });
});

describe('manifest.distribution.yml', () => {
  type Json = Record<string, unknown>;
  const base = parseYaml(read('manifest.yml')) as Json;
  const distribution = parseYaml(read('manifest.distribution.yml')) as Json;

  it('is manifest.yml over HTTP with its redirect URL, token rotation and org-wide installs, and nothing else', () => {
    const copy = structuredClone(distribution) as Json & {
      features: { slash_commands: Array<Json> };
      oauth_config: Json;
      settings: Json & { event_subscriptions: Json; interactivity: Json };
    };
    const events = 'https://dq.example.com/slack/events';
    for (const command of copy.features.slash_commands) {
      expect(command.url, String(command.command)).toBe(events);
      delete command.url;
    }
    expect(copy.oauth_config.redirect_urls).toEqual(['https://dq.example.com/slack/oauth_redirect']);
    delete copy.oauth_config.redirect_urls;
    expect(copy.settings.event_subscriptions.request_url).toBe(events);
    delete copy.settings.event_subscriptions.request_url;
    expect(copy.settings.interactivity.request_url).toBe(events);
    delete copy.settings.interactivity.request_url;
    expect([
      copy.settings.socket_mode_enabled,
      copy.settings.token_rotation_enabled,
      copy.settings.org_deploy_enabled,
    ]).toEqual([false, true, true]);
    copy.settings.socket_mode_enabled = true;
    copy.settings.token_rotation_enabled = false;
    copy.settings.org_deploy_enabled = false;
    expect(copy).toEqual(base);
  });

  it('has no workflow steps: custom steps are not eligible for distribution', () => {
    expect(distribution.functions).toBeUndefined();
    expect(JSON.stringify(distribution)).not.toContain('function_executed');
  });

  it("redirects to the path the app serves Slack's answer on", () => {
    expect((distribution.oauth_config as { redirect_urls: string[] }).redirect_urls[0]).toMatch(
      /\/slack\/oauth_redirect$/,
    );
  });
});
