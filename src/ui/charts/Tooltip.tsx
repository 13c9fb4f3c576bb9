import type { ReactNode } from 'react';

/**
 * The kit's one tooltip box, at an anchor inside the chart (CSS pixels from
 * its top left). Past the middle of the chart it opens to the left of the
 * anchor, so it never runs off the card.
 */
export function Tooltip(props: {
  /** The anchor's x and y. */
  x: number;
  y: number;
  /** The chart's width. */
  width: number;
  children: ReactNode;
  className?: string;
}) {
  const { x, y, width } = props;
  const style =
    x > width / 2 ? { right: Math.max(0, width - x + 12), top: y } : { left: x + 12, top: y };
  return (
    <div className={`chart-tooltip${props.className ? ` ${props.className}` : ''}`} style={style}>
      {props.children}
    </div>
  );
}
