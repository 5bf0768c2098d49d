export { chooserModal } from './chooser.js';
export { actionIdFor, blockIdFor } from './searchForm.js';
export { searchModal } from './searchModal.js';
export { inlineErrors, readSubmission, type SubmittedValue, type ViewStateValues } from './submission.js';
