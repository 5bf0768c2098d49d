import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../src/slack/calls/userProfiles.js';
import type { SlackDeps } from '../../../src/slack/deps.js';
import { profileOf } from '../../../src/slack/requester/language.js';

/** Whether Slack calls a person an admin of the app's own workspace (issue 42.11): the app's admins without ADMIN_USER_IDS. */
describe('a Slack admin, for the app', () => {
  function deps(slack: UserProfile, installedAs: { teamId?: string; enterpriseId?: string }): SlackDeps {
    return {
      profiles: { of: async () => slack },
      settings: { locale: async () => undefined },
      config: {},
      install: { installedAs },
      logger: { warn: () => undefined },
    } as unknown as SlackDeps;
  }
  const client = {} as WebClient;
  const admin = (profile: Partial<UserProfile>, installedAs: { teamId?: string; enterpriseId?: string }) =>
    profileOf(deps({ timeZone: 'UTC', ...profile }, installedAs), client, 'T0OURTEAM1', 'U1', undefined).then(
      (read) => read.slackAdmin === true,
    );

  it("is an admin or owner of the app's own workspace, or of its Enterprise Grid organisation", async () => {
    expect(await admin({ teamId: 'T0OURTEAM1', slackAdmin: true }, { teamId: 'T0OURTEAM1' })).toBe(true);
    expect(
      await admin(
        { teamId: 'T0SIBLING1', enterpriseId: 'E0OURORG01', slackAdmin: true },
        {
          teamId: 'T0OURTEAM1',
          enterpriseId: 'E0OURORG01',
        },
      ),
    ).toBe(true);
    expect(await admin({ teamId: 'T0OURTEAM1' }, { teamId: 'T0OURTEAM1' })).toBe(false);
  });

  it("is not a Slack Connect guest who administers their own organisation's workspace, nor someone Slack did not place", async () => {
    expect(await admin({ teamId: 'T0PARTNER1', slackAdmin: true }, { teamId: 'T0OURTEAM1' })).toBe(false);
    expect(
      await admin(
        { teamId: 'T0PARTNER1', enterpriseId: 'E0THEIRS01', slackAdmin: true },
        {
          teamId: 'T0OURTEAM1',
          enterpriseId: 'E0OURORG01',
        },
      ),
    ).toBe(false);
    expect(await admin({ slackAdmin: true }, { teamId: 'T0OURTEAM1' })).toBe(false);
  });
});
