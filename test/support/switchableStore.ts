import type { Store } from '../../src/core/store/types.js';

/**
 * A store that can be taken down and brought back, as Redis going away looks to the app: while
 * down, every read and write (Keyv's included) rejects, as a lost connection does.
 */
export function switchableStore(inner: Store) {
  let down = false;
  const refuse = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379 (store down in this test)'));
  const guard = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => (down ? refuse() : (value as (...a: unknown[]) => unknown).apply(object, args));
      },
    });
  const store = new Proxy(inner, {
    get(object, property, receiver) {
      if (property === 'keyv') return (namespace: string) => guard(object.keyv(namespace));
      if (property === 'close' || property === 'kind' || property === 'description')
        return Reflect.get(object, property, receiver);
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (down ? refuse() : (value as (...a: unknown[]) => unknown).apply(object, args));
    },
  }) as Store;
  return {
    store,
    goDown: () => {
      down = true;
    },
    comeBack: () => {
      down = false;
    },
  };
}
