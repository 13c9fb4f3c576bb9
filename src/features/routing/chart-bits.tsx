import { formatUsd } from '../../ui/format.ts';

/** Formats an axis tick as USD. */
export const usdTick = (v: number): string => formatUsd(v);
