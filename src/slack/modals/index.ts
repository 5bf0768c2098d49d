export { chooserModal } from './chooser.js';
export { searchModal } from './searchModal.js';
export { inlineErrors, readSubmission, type SubmittedValue, type ViewStateValues } from './submission.js';
export { blockIdFor, actionIdFor } from './searchForm.js';
