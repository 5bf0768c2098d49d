import { describe, expect, it } from 'vitest';
import type { WorkspaceRules } from '../../../src/core/workspaces/workspaceSettings.js';
import { langFor } from '../../../src/i18n/lang.js';
import { isAdmin, mayChangeKey } from '../../../src/slack/flows/permissions.js';
import type { RequesterProfile } from '../../../src/slack/requester/requester.js';

const rules: WorkspaceRules = {
  allowlist: {},
  adminUserIds: new Set(['U0LISTED']),
  slackAdminsAreAdmins: true,
  allowSharedChannels: true,
  budgets: {},
};
const profile = (slackAdmin: boolean) => async (): Promise<RequesterProfile> => ({
  timeZone: 'Asia/Shanghai',
  lang: langFor('en'),
  slackAdmin,
});

describe('who may change a workspace’s own data-service key', () => {
  it('is an admin of that workspace, asking from it', async () => {
    const person = { userId: 'U0LISTED', profile: profile(false), rules, teamId: 'T1', workspaceId: 'T1' };
    expect(await mayChangeKey(person)).toBe(true);
    expect(await mayChangeKey({ ...person, userId: 'U0SLACKADMIN', profile: profile(true) })).toBe(true);
    expect(await mayChangeKey({ ...person, userId: 'U0MEMBER' })).toBe(false);
  });

  it('is never someone of another workspace, even one this workspace lists as an admin', async () => {
    // An Enterprise Grid colleague from T2, listed among T1's admins, opening T1's Home: the key
    // charged for their calls would be T2's, which T1's admins do not manage.
    const colleague = { userId: 'U0LISTED', profile: profile(true), rules, teamId: 'T2', workspaceId: 'T1' };
    expect(await isAdmin(colleague)).toBe(true);
    expect(await mayChangeKey(colleague)).toBe(false);
  });
});
