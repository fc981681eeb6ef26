import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table column's text cut to its width with an ellipsis, the whole text in a tooltip: long hospital
 * names, e-mail addresses and English labels stay on one line and can still be read in full.
 */
export const ELLIPSIS = { showTitle: false } as const;

export function ellipsisText(value: string | null | undefined, empty: ReactNode = '-'): ReactNode {
  if (value === null || value === undefined || value === '') return empty;
  return (
    <Tooltip placement="topLeft" title={value}>
      <span>{value}</span>
    </Tooltip>
  );
}
