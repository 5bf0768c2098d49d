import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '../../src/slack/flows/routeCommand.js';
import { SHORTCUT } from '../../src/slack/payloads/ids.js';

const manifest = readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8');

/** The value after `key:` on each line that has it, unquoted (enough YAML for this file). */
function values(key: string): string[] {
  return [...manifest.matchAll(new RegExp(`^\\s*-?\\s*${key}:\\s*(.+)$`, 'gm'))].map((m) =>
    m[1]!.trim().replace(/^"(.*)"$/, '$1'),
  );
}

describe('manifest.yml', () => {
  it('declares exactly the slash commands the app registers, with the same descriptions and hints', () => {
    expect(values('command')).toEqual(SLASH_COMMANDS.map((c) => c.command));
    const descriptions = values('description').filter((d) => SLASH_COMMANDS.some((c) => c.description === d));
    expect(descriptions).toEqual(SLASH_COMMANDS.map((c) => c.description));
    expect(values('usage_hint')).toEqual(SLASH_COMMANDS.map((c) => c.usageHint));
    for (const command of SLASH_COMMANDS) expect(command.description.length).toBeLessThanOrEqual(100);
  });

  it('has the global shortcut, the Home tab event, interactivity and only the scopes the app uses', () => {
    expect(values('callback_id')).toEqual([SHORTCUT.search]);
    expect(manifest).toMatch(/bot_events:\n\s+- app_home_opened/);
    expect(manifest).toMatch(/interactivity:\n\s+is_enabled: true/);
    const scopes = manifest
      .split('bot:')[1]!
      .split('settings:')[0]!
      .match(/^\s+- ([a-z:.]+)$/gm)!
      .map((line) => line.trim().slice(2));
    expect(scopes).toEqual([
      'commands',
      'chat:write',
      'users:read',
      'im:write',
      'files:write',
      'channels:read',
      'groups:read',
    ]);
  });
});
