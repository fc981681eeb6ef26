import { Input } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';

interface LazyPickerProps {
  /** What the closed control shows: the chosen label, date or time. */
  text: string;
  placeholder: string;
  disabled: boolean;
  icon: ReactNode;
  prefix?: ReactNode;
  testId: string;
  /** The real picker, mounted on first use and opened at once. */
  children: () => ReactNode;
}

/**
 * Dropdowns and date pickers cost far more to mount than text inputs (measured: about three quarters of a
 * 300-field form's render time, docs/decisions.md "The renderer"). Until a user reaches for one, a read-only input with the
 * same look shows its value; the first pointer press or focus swaps in the real antd picker, opened.
 */
export function LazyPicker({ text, placeholder, disabled, icon, prefix, testId, children }: LazyPickerProps) {
  const [active, setActive] = useState(false);
  if (active && !disabled) return children();
  const activate = () => {
    if (!disabled) setActive(true);
  };
  return (
    <Input
      readOnly
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      suffix={icon}
      prefix={prefix}
      onMouseDown={activate}
      onFocus={activate}
      onKeyDown={activate}
      className="dcap-renderer-lazy-picker"
      data-testid={testId}
    />
  );
}
