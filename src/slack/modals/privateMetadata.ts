import { VIEW_LIMITS } from './slackText.js';

/** Slack rejects the whole view over 3000 characters; failing here names the real cause. */
export function checkedPrivateMetadata(privateMetadata: string): string {
  if (privateMetadata.length > VIEW_LIMITS.privateMetadataChars) {
    throw new RangeError(`private_metadata is ${privateMetadata.length} characters; Slack allows ${VIEW_LIMITS.privateMetadataChars}`);
  }
  return privateMetadata;
}
