/** Test harness for driving the Slack app end to end: a fake Slack plus signed requests "from" Slack. */

export * from './fakeOAuth.js';
export * from './fakeSlack.js';
export * from './fakeUsers.js';
export * from './interactionPayloads.js';
export * from './signedRequests.js';
export * from './workspace.js';
