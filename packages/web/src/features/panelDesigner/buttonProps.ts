import type { ButtonProps } from 'antd';

/** Button props of a dialog's footer with a test id, so browser journeys can press them. */
export function testButton(testId: string, props: ButtonProps = {}): ButtonProps {
  const withId: ButtonProps & Record<'data-testid', string> = { ...props, 'data-testid': testId };
  return withId;
}
