import { Flex, Spin } from 'antd';

/** A centred spinner for a page, or the whole window, that is still loading. */
export function PageSpin({ fullHeight = true }: { fullHeight?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullHeight ? '100vh' : 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
