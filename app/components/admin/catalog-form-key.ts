/**
 * A React key per form state object: each answer of an action (and each loader result) is a new object,
 * so the form re-mounts and its inputs start again from that state instead of keeping stale ones.
 */
const keys = new WeakMap<object, number>();
let last = 0;

export function formKey(state: object): number {
  let key = keys.get(state);
  if (key === undefined) {
    key = ++last;
    keys.set(state, key);
  }
  return key;
}
