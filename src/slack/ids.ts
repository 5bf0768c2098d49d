/** Identifiers Slack sends back to us; one list so listeners and builders cannot drift apart. */
export const ACTION = {
  pagePrevious: 'dq_page_previous',
  pageNext: 'dq_page_next',
  share: 'dq_share',
  /** Buttons that open a search modal; the value is the operation alias. */
  openModal: 'dq_open_modal',
  /** App Home digest controls; the value is the digest id. */
  digestAdd: 'dq_digest_add',
  digestRemove: 'dq_digest_remove',
  digestRun: 'dq_digest_run',
} as const;

export const VIEW = {
  chooser: 'dq_chooser',
  /** callback_id of an operation's search modal. */
  search: (alias: string) => `dq_search:${alias}`,
  searchPrefix: 'dq_search:',
  digestAdd: 'dq_digest_add_form',
} as const;

export const SHORTCUT = {
  search: 'dq_search_financial_data',
} as const;
