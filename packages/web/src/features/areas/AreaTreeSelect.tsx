import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area, AreaNode, Locale } from '@dcap/core';
import { buildAreaTree } from '@dcap/core';

interface AreaOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: AreaOption[];
}

export const areaLabel = (area: { name: string; nameEn: string }, locale: Locale) => (locale === 'en-US' ? area.nameEn : area.name);

function options(nodes: readonly AreaNode<Area>[], locale: Locale, disabled: (area: Area) => boolean): AreaOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: `${areaLabel(node, locale)} (${node.code})`,
    ...(disabled(node) ? { disabled: true } : {}),
    ...(node.children ? { children: options(node.children, locale, disabled) } : {}),
  }));
}

/**
 * A tree select of the area dictionary (spec 000 §2.2 `/sys/area`), searchable by name or code. `disabled`
 * greys out areas that may not be chosen (a disabled area, or the area being moved and its subtree).
 */
export function AreaTreeSelect({
  areas,
  value,
  onChange,
  disabled = (area) => !area.enabled,
  placeholder,
  testId,
}: {
  areas: readonly Area[];
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: (area: Area) => boolean;
  placeholder?: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const treeData = useMemo(() => options(buildAreaTree(areas), locale, disabled), [areas, locale, disabled]);
  return (
    <TreeSelect<number | null>
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeData={treeData}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      treeDefaultExpandAll={areas.length <= 60}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
