/** Identifiers Slack sends back to us; one list so listeners and builders cannot drift apart. */
export const ACTION = {
  pagePrevious: 'dq_page_previous',
  pageNext: 'dq_page_next',
  share: 'dq_share',
  /** Under a lookup that timed out: try it again (a new call, which may be charged). */
  retry: 'dq_retry',
  /** Buttons that open a search modal; the value is the operation's name as typed (new-funds). */
  openModal: 'dq_open_modal',
  /** App Home digest controls; the value is the digest id. */
  digestAdd: 'dq_digest_add',
  digestRemove: 'dq_digest_remove',
  digestRun: 'dq_digest_run',
  /** A digest offered for a message asking for one in words: save it (the value is its words, digestOfferValue.ts) or drop it. */
  digestSave: 'dq_digest_save',
  digestCancel: 'dq_digest_cancel',
  /** Under a result: export the whole query to CSV; the value is the query (queryValue.ts). */
  exportCsv: 'dq_export_csv',
  /** A supplier list's plan and progress (a person's one check): start it, cancel it, stop it. */
  supplierCheckStart: 'dq_supplier_check_start',
  supplierCheckCancel: 'dq_supplier_check_cancel',
  supplierCheckStop: 'dq_supplier_check_stop',
  supplierWatchAll: 'dq_supplier_watch_all',
  supplierWatchAllAdd: 'dq_supplier_watch_all_add',
  supplierWatchAllCancel: 'dq_supplier_watch_all_cancel',
  /** A watch's preview: save it (the value is the request, watchRequestValue.ts) or drop it. */
  watchSave: 'dq_watch_save',
  watchCancel: 'dq_watch_cancel',
  /** Under a watch's message in its channel; the value is the watch id. Creator or admin only. */
  watchStop: 'dq_watch_stop',
  /** Under a result: watch what it shows; the value is the query (queryValue.ts). */
  watchThis: 'dq_watch_this',
  /** App Home: open the watch form. */
  watchAdd: 'dq_watch_add',
  /** Under a page of `/dq watch list` or `/dq digest list`; the value says which list and page (listPageValue). */
  listPrevious: 'dq_list_previous',
  listNext: 'dq_list_next',
  /** App Home: another page of its watches or digests; the value holds the pages of both (homePageValue). */
  homePrevious: 'dq_home_previous',
  homeNext: 'dq_home_next',
  /** App Home, after the store lost its data: an admin reopens spending before the budget day ends. */
  budgetsReopen: 'dq_budgets_reopen',
  /** Under /dq usage and on an admin's Home: a month's usage by person and operation as CSV; the value is the month (2026-10). */
  usageCsv: 'dq_usage_csv',
  /** App Home, admins only: enter or replace the workspace's own data-service key (opens its form), or remove it. */
  dataKeyEdit: 'dq_data_key_edit',
  dataKeyRemove: 'dq_data_key_remove',
  /** A question's answer (render/question.ts) and "Look up in dq"'s offers: run this lookup; the value is the query (queryValue.ts). */
  choose: 'dq_choose',
  /** App Home, for an admin: open the workspace settings form. */
  workspaceSettings: 'dq_workspace_settings',
} as const;

/** A button's action id without the place a question numbers it by (`dq_choose:2` → `dq_choose`). */
export function actionOf(actionId: string): string {
  return actionId.replace(/:\d+$/, '');
}

export const VIEW = {
  chooser: 'dq_chooser',
  /** callback_id of an operation's search modal. */
  search: (typedName: string) => `dq_search:${typedName}`,
  searchPrefix: 'dq_search:',
  digestAdd: 'dq_digest_add_form',
  /** The confirmation of a CSV export (what it costs). */
  exportCsv: 'dq_export_csv_form',
  /** `/dq check`: the form a supplier list is pasted into. */
  supplierList: 'dq_supplier_list_form',
  /** The watch form (App Home, "Watch this"). */
  watchAdd: 'dq_watch_add_form',
  /** The workspace's own data-service key (App Home, admins only). */
  dataKey: 'dq_data_key_form',
  /** What opens in a form's place while it is made ready (flows/openForm.ts); nothing is submitted from it. */
  formOpening: 'dq_form_opening',
  /** The admins' workspace settings form (App Home). */
  workspaceSettings: 'dq_workspace_settings_form',
} as const;

export const SHORTCUT = {
  search: 'dq_search_financial_data',
  /** The message shortcut "Look up in dq": finds what a message names and offers each lookup. */
  lookUp: 'dq_look_up_message',
} as const;

/**
 * Whether a listener of this app takes the request. Slack only sends what the manifest declares,
 * so anything else is forged or stale; it is acknowledged at once instead of being left to Bolt's
 * "unhandled request" timeout, which answers only after 2.5 s.
 */
export function isHandledRequest(
  body: Record<string, unknown>,
  slashCommands: readonly string[],
  workflowSteps: readonly string[] = [],
): boolean {
  if (typeof body.command === 'string') return slashCommands.includes(body.command);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (body.type) {
    case 'block_actions': {
      const first = Array.isArray(body.actions) ? (body.actions[0] as Record<string, unknown> | undefined) : undefined;
      return (Object.values(ACTION) as string[]).includes(actionOf(text(first?.action_id)));
    }
    case 'view_submission': {
      const callbackId = text((body.view as Record<string, unknown> | undefined)?.callback_id);
      return (
        callbackId.startsWith(VIEW.searchPrefix) ||
        callbackId === VIEW.digestAdd ||
        callbackId === VIEW.exportCsv ||
        callbackId === VIEW.watchAdd ||
        callbackId === VIEW.supplierList ||
        callbackId === VIEW.dataKey ||
        callbackId === VIEW.workspaceSettings
      );
    }
    case 'shortcut':
      return body.callback_id === SHORTCUT.search;
    case 'message_action':
      return body.callback_id === SHORTCUT.lookUp;
    case 'event_callback': {
      // Bolt acknowledges events before any listener runs, except function_executed, which it leaves
      // to the step's listener: a step this app does not have would wait for Bolt's timeout.
      const event = body.event as Record<string, unknown> | undefined;
      if (event?.type !== 'function_executed') return true;
      return workflowSteps.includes(text((event.function as Record<string, unknown> | undefined)?.callback_id));
    }
    default:
      return false;
  }
}
