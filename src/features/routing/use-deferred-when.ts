import { useDeferredValue } from 'react';

const NOT_DEFERRED = Symbol('not deferred');

/**
 * `useDeferredValue(value)` while `defer` is true; otherwise `value` itself.
 * A deferred value that is not used still costs a second render of its
 * component after every change, in a task that can land before the frame
 * showing the change: when the work is small, render it at once instead.
 */
export function useDeferredWhen<T>(value: T, defer: boolean): T {
  const deferred = useDeferredValue<T | typeof NOT_DEFERRED>(defer ? value : NOT_DEFERRED);
  return defer && deferred !== NOT_DEFERRED ? deferred : value;
}
