import type { Store } from './types.js';

/**
 * Deletes the documents of `collection` that `belongs` picks (a workspace's, at its uninstall), one
 * by one; how many went. Reads the whole collection: an uninstall is rare, and no store kind keeps
 * an index by workspace.
 */
export async function forgetDocs<T>(
  store: Store,
  collection: string,
  belongs: (id: string, doc: T) => boolean,
): Promise<number> {
  let forgotten = 0;
  for (const { id, doc } of await store.listDocs<T>(collection))
    if (belongs(id, doc) && (await store.deleteDoc(collection, id))) forgotten++;
  return forgotten;
}
